export { UserMenu } from './user-menu';
export { SmtpSettingsPage } from './smtp-settings-page';
