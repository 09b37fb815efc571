/** Delivery over SMTP with nodemailer: one connection per mail (mail is rare: links, invitations, tests). */
import type { SmtpConfig } from '@parley/protocol';
import { lazyModule } from '../lazy-module.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A mail server that refused or could not be reached; `answer` is what it said, for the admin. */
export class MailError extends Error {
  constructor(readonly answer: string) {
    super(answer);
  }
}

const TIMEOUT_MS = 10_000;
const loadNodemailer = lazyModule(async () => (await import('nodemailer')).default);

/** Sends one mail; resolves with the server's final answer (e.g. `250 OK: queued`). */
export async function deliver(config: SmtpConfig, mail: OutgoingMail): Promise<string> {
  const nodemailer = await loadNodemailer();
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    // Port 465 speaks TLS from the start; others upgrade with STARTTLS when the server offers it.
    secure: config.port === 465,
    ...(config.username ? { auth: { user: config.username, pass: config.password ?? '' } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    const info = await transport.sendMail({
      from: config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html !== undefined && { html: mail.html }),
    });
    return String(info.response ?? '');
  } catch (err) {
    const e = err as { response?: string; message?: string };
    throw new MailError(String(e.response ?? e.message ?? 'mail could not be sent').slice(0, 300));
  } finally {
    transport.close();
  }
}

/** One address, nothing else: no display names, lists or header tricks. */
export const isPlainAddress = (to: string): boolean =>
  /^[^\s@,;:<>()"'\\[\]]+@[^\s@,;:<>()"'\\[\]]+$/.test(to);
