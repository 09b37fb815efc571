import { NotifySettings, PushSubscriptionRequest, VapidKey } from '../notifications.js';
import type { RouteSpec } from './route.js';

const tag = 'notifications';
const auth = 'header';

/** Parley's notification routes (docs/api.md, "Notifications"); none of them is VoceChat's. */
export const NOTIFICATION_ROUTES = {
  getNotifySettings: {
    method: 'GET',
    path: '/user/notify/settings',
    auth,
    kind: 'json',
    tag,
    response: NotifySettings,
  },
  setNotifySettings: {
    method: 'PUT',
    path: '/user/notify/settings',
    auth,
    kind: 'empty',
    tag,
    body: NotifySettings,
  },
  vapidKey: {
    method: 'GET',
    path: '/user/push/vapid_key',
    auth,
    kind: 'json',
    tag,
    response: VapidKey,
  },
  subscribePush: {
    method: 'PUT',
    path: '/user/push/subscription',
    auth,
    kind: 'empty',
    tag,
    description: "Stores this device's Web Push subscription, replacing the device's earlier one.",
    body: PushSubscriptionRequest,
  },
  unsubscribePush: {
    method: 'DELETE',
    path: '/user/push/subscription',
    auth,
    kind: 'empty',
    tag,
  },
} as const satisfies Record<string, RouteSpec>;
