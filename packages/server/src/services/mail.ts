/** SMTP settings and outgoing mail (API.md §3, §11.2). Mail to users goes out after the request. */
import type { SendMailRequest, SmtpConfig } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest } from '../errors.js';
import { deliver, isPlainAddress, MailError, type OutgoingMail } from '../mail/smtp.js';
import { renderMail, type MailKind } from '../mail/templates.js';
import { requireAdmin } from '../policy/index.js';
import { audited, settingsDiff } from './audit.js';
import { readSetting, writeSetting } from './settings.js';

export async function isSmtpEnabled(ctx: Ctx): Promise<boolean> {
  const smtp = await readSetting(ctx.store, 'smtp');
  return smtp.enabled && smtp.host !== '';
}

export async function getSmtpConfig(ctx: Ctx, actor: Actor): Promise<SmtpConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'smtp');
}

export async function setSmtpConfig(ctx: Ctx, actor: Actor, config: SmtpConfig): Promise<void> {
  requireAdmin(actor);
  const host = config.host.trim();
  if (config.enabled && (!host || /[\s/]/.test(host))) throw badRequest('a mail server host is needed');
  if (config.enabled && !isPlainAddress(config.from.trim())) throw badRequest('invalid from address');
  if (config.enabled && config.port === 0) throw badRequest('invalid port');
  const before = await readSetting(ctx.store, 'smtp');
  const next = {
    ...config,
    host,
    from: config.from.trim(),
    username: config.username ?? '',
    password: config.password ?? '',
  };
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'smtp', next);
    await audit('settings.smtp', 'settings:smtp', settingsDiff(before, next));
  });
}

/** The test mail of the settings screen: 503 with the mail server's answer when it fails. */
export async function sendTestMail(ctx: Ctx, actor: Actor, req: SendMailRequest): Promise<void> {
  requireAdmin(actor);
  const to = req.to.trim();
  if (!isPlainAddress(to)) throw badRequest('invalid address');
  const smtp = await readSetting(ctx.store, 'smtp');
  if (!(await isSmtpEnabled(ctx))) throw new AppError('unavailable', 'SMTP is not enabled');
  try {
    await deliver(smtp, { to, subject: req.subject.replace(/[\r\n]+/g, ' '), text: req.content });
  } catch (err) {
    if (err instanceof MailError) throw new AppError('unavailable', `mail server: ${err.answer}`);
    throw err;
  }
}

/**
 * Renders and sends a link mail without holding up the request (its timing must not tell whether
 * an address has an account); a failure is logged.
 */
export async function sendLinkMail(
  ctx: Ctx,
  kind: MailKind,
  to: string,
  language: string | null,
  vars: { link: string; inviter?: string; email?: string },
): Promise<void> {
  const smtp = await readSetting(ctx.store, 'smtp');
  const org = (await readSetting(ctx.store, 'organization')).name;
  const mail: OutgoingMail = { to, ...renderMail(kind, language, { org, ...vars }) };
  void deliver(smtp, mail).catch((err: unknown) => {
    ctx.log.warn({ kind, answer: err instanceof MailError ? err.answer : String(err) }, 'mail not delivered');
  });
}
