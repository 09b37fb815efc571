export { ConversationSettingsButton, ConversationSettingsDialog } from './conversation-settings';
export { BellOffIcon, PinIcon } from './icons';
export { useNow } from './use-now';
