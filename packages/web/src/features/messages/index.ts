export { Composer } from './composer';
export { MessageList } from './message-list';
export { mentionsUser } from './mentions';
export { PinsPanel, PinsToggle } from './pins-toggle';
export { jumpToMessage } from './jump-to-message';
export { loadArchives } from './forward/load';
