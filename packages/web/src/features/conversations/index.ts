export { ConversationSettingsButton } from './settings-button';
export { BellOffIcon, PinIcon } from './icons';
export { useNow } from './use-now';
/** The settings panel for the settings pages; loads with them, not with the first chat screen. */
export const loadConversationSettings = () => import('./conversation-settings');
