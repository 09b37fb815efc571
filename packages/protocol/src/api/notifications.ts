import {
  DeviceTokenRequest,
  FcmConfig,
  NotifySettings,
  PushSubscriptionRequest,
  UnsubscribeQuery,
  VapidKey,
} from '../notifications.js';
import type { RouteSpec } from './route.js';

const tag = 'notifications';
const auth = 'header';

/**
 * Notification routes (docs/api.md, "Notifications"): FCM's configuration and device tokens are
 * VoceChat's (API.md §4.1, §11); settings and Web Push are Parley's.
 */
export const NOTIFICATION_ROUTES = {
  getFcmConfig: {
    method: 'GET',
    path: '/admin/fcm/config',
    auth,
    kind: 'json',
    tag: 'system',
    response: FcmConfig,
  },
  setFcmConfig: {
    method: 'POST',
    path: '/admin/fcm/config',
    auth,
    kind: 'empty',
    tag: 'system',
    body: FcmConfig,
  },
  setDeviceToken: {
    method: 'PUT',
    path: '/token/device_token',
    auth,
    kind: 'empty',
    tag: 'token',
    body: DeviceTokenRequest,
  },
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
  unsubscribeDigest: {
    method: 'GET',
    path: '/user/notify/unsubscribe',
    auth: 'public',
    kind: 'text',
    tag,
    description:
      'The link in an e-mail digest: turns the digest off for its user (a signed token, no sign-in).',
    query: UnsubscribeQuery,
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
