/**
 * Who may use the widget (docs/widget.md): only an administrator turns it on or off; while it is
 * off, nobody gets a visitor account, so a snippet copied to any site cannot make accounts.
 */
import type { WidgetConfig } from '@parley/protocol';
import type { Actor } from '../context.js';
import { forbidden } from '../errors.js';
import { requireAdmin } from './index.js';

export function requireWidgetAdmin(actor: Actor): void {
  requireAdmin(actor);
}

export function requireWidgetOpen(config: WidgetConfig): void {
  if (!config.enabled) throw forbidden('the chat widget is off');
}
