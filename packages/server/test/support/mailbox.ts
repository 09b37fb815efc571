/**
 * A real SMTP server on a loopback port (the `smtp-server` package) that keeps every mail it
 * accepts, parsed with `mailparser`: the counterpart of Parley's outgoing mail in tests.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createAdmin, type ApiClient, type TestUser } from './server.js';
import { until } from './until.js';

export interface Mailbox {
  host: string;
  port: number;
  mails: ParsedMail[];
  /** Resolves with the first mail to `to` received after `since` mails, waiting for it. */
  next(to: string, since?: number): Promise<ParsedMail>;
  /** Makes the server refuse every recipient with this answer (e.g. `550 no such mailbox`). */
  refuseWith(answer: string | undefined): void;
  close(): Promise<void>;
}

export async function startMailbox(options: { username?: string; password?: string } = {}): Promise<Mailbox> {
  const mails: ParsedMail[] = [];
  let refusal: string | undefined;
  const server = new SMTPServer({
    disabledCommands: options.username ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.username,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === options.username && auth.password === options.password)
        cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, cb) {
      if (!refusal) return cb();
      const err = Object.assign(new Error(refusal.replace(/^\d+\s*/, '')), {
        responseCode: Number(refusal.slice(0, 3)) || 550,
      });
      cb(err);
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const toOf = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
  return {
    host: '127.0.0.1',
    port,
    mails,
    async next(to, since = 0) {
      const find = () => mails.slice(since).find((m) => toOf(m).includes(to));
      await until(() => find() !== undefined, `a mail to ${to}`);
      return find()!;
    },
    refuseWith(answer) {
      refusal = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the server's mail at `box` (as an administrator would on the settings screen). */
export async function useMailbox(
  t: ApiClient,
  admin: TestUser,
  box: Mailbox,
  extra: object = {},
): Promise<void> {
  const res = await t.request('POST', '/admin/smtp/config', {
    token: admin.token,
    json: { enabled: true, host: box.host, port: box.port, from: 'parley@example.com', ...extra },
  });
  if (res.status !== 200) throw new Error(`smtp config failed: ${res.status} ${res.text}`);
}

/** A mailbox, the first administrator, and the server's mail pointed at the mailbox. */
export async function startAdminMailbox(t: ApiClient): Promise<{ admin: TestUser; box: Mailbox }> {
  const box = await startMailbox();
  const admin = await createAdmin(t);
  await useMailbox(t, admin, box);
  return { admin, box };
}

/** The `magic_token` of the link in a mail's text. */
export function linkOf(mail: ParsedMail): URL {
  const m = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!m) throw new Error(`no link in mail: ${mail.text}`);
  return new URL(m[0]);
}
