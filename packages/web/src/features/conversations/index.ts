export { ConversationSettingsButton } from './settings-button';
export { BellOffIcon, PinIcon } from './icons';
export { useNow } from './use-now';
