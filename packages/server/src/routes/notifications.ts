import type { Ctx } from '../context.js';
import * as fcm from '../services/fcm-config.js';
import * as digest from '../services/notify-digest.js';
import * as settings from '../services/notify-settings.js';
import * as push from '../services/push-subscriptions.js';
import type { Handlers } from './register.js';

export const notificationHandlers = (ctx: Ctx) =>
  ({
    getFcmConfig: (req) => fcm.getFcmConfig(ctx, req.actor),
    setFcmConfig: (req) => fcm.setFcmConfig(ctx, req.actor, req.body),
    setDeviceToken: (req) => fcm.setDeviceToken(ctx, req.actor, req.body),
    getNotifySettings: (req) => settings.getNotifySettings(ctx, req.actor),
    setNotifySettings: (req) => settings.setNotifySettings(ctx, req.actor, req.body),
    unsubscribeDigest: (req) => digest.unsubscribeByToken(ctx, req.query.token),
    vapidKey: (req) => push.vapidKey(ctx, req.actor),
    subscribePush: (req) => push.subscribePush(ctx, req.actor, req.body),
    unsubscribePush: (req) => push.unsubscribePush(ctx, req.actor),
  }) satisfies Partial<Handlers>;
