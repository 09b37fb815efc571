import type { Ctx } from '../context.js';
import * as widget from '../services/widget.js';
import type { Handlers } from './register.js';

/** The embeddable widget (docs/widget.md). */
export const widgetHandlers = (ctx: Ctx) =>
  ({
    getWidgetConfig: () => widget.getWidgetConfig(ctx),
    setWidgetConfig: (req) => widget.setWidgetConfig(ctx, req.actor, req.body),
    createWidgetVisitor: (req) => widget.createVisitor(ctx, req.body, req.ip),
    getWidgetExtraCss: () => widget.getWidgetExtraCss(ctx),
    setWidgetExtraCss: (req) => widget.setWidgetExtraCss(ctx, req.actor, req.body.data),
  }) satisfies Partial<Handlers>;
