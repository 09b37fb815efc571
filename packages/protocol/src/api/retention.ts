import { ChannelRetention, ChannelRetentionRequest, RetentionPolicy } from '../retention.js';
import { GidParams, type RouteSpec } from './route.js';

const tag = 'admin';
const auth = 'header';

/** Message retention (Parley extension, docs/api.md "Retention"); administrators only. */
export const RETENTION_ROUTES = {
  getRetention: {
    method: 'GET',
    path: '/admin/system/retention',
    auth,
    kind: 'json',
    tag,
    description: 'Parley: the server default of message retention in days (0 keeps every message).',
    response: RetentionPolicy,
  },
  setRetention: {
    method: 'PUT',
    path: '/admin/system/retention',
    auth,
    kind: 'empty',
    tag,
    description: 'Parley: sets the server default of message retention in days (0 keeps every message).',
    body: RetentionPolicy,
  },
  getChannelRetention: {
    method: 'GET',
    path: '/group/:gid/retention',
    auth,
    kind: 'json',
    tag,
    description: "Parley: a channel's retention override and the days that apply to it.",
    params: GidParams,
    response: ChannelRetention,
  },
  setChannelRetention: {
    method: 'PUT',
    path: '/group/:gid/retention',
    auth,
    kind: 'empty',
    tag,
    description: "Parley: sets a channel's retention in days (0 keeps forever, null follows the server).",
    params: GidParams,
    body: ChannelRetentionRequest,
  },
} as const satisfies Record<string, RouteSpec>;
