import { LoginResponse } from '../users.js';
import { WidgetConfig, WidgetVisitorRequest } from '../widget.js';
import type { RouteSpec } from './route.js';

const tag = 'widget';

/** Parley's embeddable widget (SPEC §3, docs/widget.md). */
export const WIDGET_ROUTES = {
  getWidgetConfig: {
    method: 'GET',
    path: '/widget/config',
    auth: 'public',
    kind: 'json',
    tag,
    description: 'Parley: whether the widget lets visitors make an account (read by the widget itself).',
    response: WidgetConfig,
  },
  setWidgetConfig: {
    method: 'POST',
    path: '/admin/widget/config',
    auth: 'header',
    kind: 'empty',
    tag,
    description: 'Parley: admin only.',
    body: WidgetConfig,
  },
  createWidgetVisitor: {
    method: 'POST',
    path: '/widget/visitor',
    auth: 'public',
    kind: 'json',
    tag,
    description:
      'Parley: an account for a website visitor, by name only, signed in at once; 403 while the widget is off.',
    body: WidgetVisitorRequest,
    response: LoginResponse,
  },
} as const satisfies Record<string, RouteSpec>;
