export { ChannelSettingsPage } from './channel-settings-page';
export { DmSettingsPage } from './dm-settings-page';
