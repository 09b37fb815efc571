import type { NotifySettings, PushSubscriptionRequest } from '@parley/protocol';
import { call } from '../call';

/** Notification settings and this device's Web Push subscription (issue 16; docs/api.md). */
export const getNotifySettings = () => call('getNotifySettings');
export const setNotifySettings = (body: NotifySettings) => call('setNotifySettings', { body });
export const getVapidKey = () => call('vapidKey');
export const subscribePush = (body: PushSubscriptionRequest) => call('subscribePush', { body });
export const unsubscribePush = () => call('unsubscribePush');
