import Type from 'typebox';
import { LIMITS } from './limits.js';

/**
 * Parley: whether the embeddable widget (SPEC §3, docs/widget.md) lets a website's visitors
 * create an account by giving a name. The widget's look (host, colour, sizes, welcome text,
 * position) is in the snippet, not on the server.
 */
export const WidgetConfig = Type.Object({
  enabled: Type.Boolean(),
});
export type WidgetConfig = Type.Static<typeof WidgetConfig>;

/** `POST /widget/visitor`: a visitor's account, made by the widget. */
export const WidgetVisitorRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: LIMITS.nameMaxLength }),
  /** The widget's `id` parameter, kept for nothing but the record of where the visitor came from. */
  widget_id: Type.Optional(Type.String({ maxLength: 64 })),
  language: Type.Optional(Type.String({ maxLength: 35 })),
});
export type WidgetVisitorRequest = Type.Static<typeof WidgetVisitorRequest>;
