export { Composer } from './composer';
export { MessageList } from './message-list';
