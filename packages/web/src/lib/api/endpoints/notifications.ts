import type { NotifySettings, PushSubscriptionRequest, UpdatePreferencesRequest } from '@parley/protocol';
import { call } from '../call';

/** Notification settings and this device's Web Push subscription (issue 16; docs/api.md). */
export const getNotifySettings = () => call('getNotifySettings');
export const setNotifySettings = (body: NotifySettings) => call('setNotifySettings', { body });
export const getVapidKey = () => call('vapidKey');
export const subscribePush = (body: PushSubscriptionRequest) => call('subscribePush', { body });
export const unsubscribePush = () => call('unsubscribePush');

/** The user's client preferences (issue 14; docs/api.md "Preferences"). */
export const getPreferences = () => call('getPreferences', undefined, { errors: { default: null } });
export const updatePreferences = (body: UpdatePreferencesRequest) => call('updatePreferences', { body });
