export { UserMenu } from './user-menu';
/** The SMTP page is a route of its own: it loads when opened, not with the user menu on every screen. */
export const loadSmtpSettingsPage = () => import('./smtp-settings-page');
/** The voice settings page (issue 15) loads when opened too. */
export const loadVoiceSettingsPage = () => import('./voice-settings-page');
