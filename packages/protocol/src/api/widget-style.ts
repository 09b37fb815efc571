import Type from 'typebox';
import type { RouteSpec } from './route.js';

/** `PUT /resource/widget-extra.css`: the administrator's CSS for the widget (API.md §7.3). */
export const WidgetExtraCssRequest = Type.Object({ data: Type.String({ maxLength: 65_536 }) });

/** The widget's extra stylesheet (API.md §7.3, VoceChat's newer routes; docs/widget.md). */
export const WIDGET_STYLE_ROUTES = {
  getWidgetExtraCss: {
    method: 'GET',
    path: '/resource/widget-extra.css',
    auth: 'public',
    kind: 'text',
    tag: 'widget',
    description: 'The CSS the widget adds to its own styles; empty when none.',
  },
  setWidgetExtraCss: {
    method: 'PUT',
    path: '/resource/widget-extra.css',
    auth: 'header',
    kind: 'json',
    tag: 'widget',
    description: 'Administrators: replaces the widget’s extra CSS; answers true.',
    body: WidgetExtraCssRequest,
    response: Type.Boolean(),
  },
} as const satisfies Record<string, RouteSpec>;
