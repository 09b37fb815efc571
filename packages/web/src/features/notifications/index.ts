/** Notifications (issue 16): the settings page loads when opened; the offer after a first message. */
export const loadNotificationsPage = () => import('./notifications-page');
export const afterMessageSent = async () => (await import('./offer')).afterMessageSent();
/** The service worker says the push service replaced the subscription: store the new one. */
export const onPushSubscriptionChanged = async () => (await import('./push-client')).syncPushSubscription();
export { NotifyOverrideField } from './override-field';
