/** Notifications (issue 16): the settings page loads when opened; the offer after a first message. */
export const loadNotificationsPage = () => import('./notifications-page');
export const afterMessageSent = async () => (await import('./offer')).afterMessageSent();
export { NotifyOverrideField } from './override-field';
