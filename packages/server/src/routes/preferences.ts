import type { Ctx } from '../context.js';
import * as preferences from '../services/preferences.js';
import type { Handlers } from './register.js';

export const preferenceHandlers = (ctx: Ctx) =>
  ({
    getPreferences: (req) => preferences.getPreferences(ctx, req.actor),
    updatePreferences: (req) => preferences.updatePreferences(ctx, req.actor, req.body),
  }) satisfies Partial<Handlers>;
