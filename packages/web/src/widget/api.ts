/**
 * The widget's own API client. The app's client (`lib/api`) comes with the app store and toasts;
 * the widget is a separate page that must stay small, so it calls the few routes it needs here,
 * with paths and types from the protocol's route table (types, and the plain `LIMITS` object: no
 * schema ships).
 * The session is kept in local storage per widget id, and the access token is renewed before it
 * expires, as the app does (SPEC §4: 20 s margin).
 */
import {
  LIMITS,
  type ChatMessage,
  type LoginResponse,
  type RenewResponse,
  type WidgetConfig,
} from '@parley/protocol';

const RENEW_MARGIN_MS = 20_000;

export interface Session {
  /**
   * A visitor's or a guest's session may be kept by the page around the frame; an account's never
   * is. A guest (guest mode, docs/widget.md) reads a public channel and writes nothing.
   */
  kind: 'guest' | 'visitor' | 'account';
  uid: number;
  name: string;
  token: string;
  refreshToken: string;
  expireTime: number;
}

export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}`);
  }
}

async function send<T>(
  method: string,
  path: string,
  init: { token?: string; json?: unknown; text?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers['X-API-Key'] = init.token;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.text !== undefined) {
    headers['Content-Type'] = 'text/plain';
    body = init.text;
  }
  const response = await fetch(`/api${path}`, { method, headers, body });
  const text = await response.text();
  if (!response.ok) throw new WidgetApiError(response.status, text);
  return (text === '' ? null : JSON.parse(text)) as T;
}

const sessionKey = (widgetId: string) => `parley.widget.${widgetId}`;

function toSession(kind: Session['kind'], login: LoginResponse, now: number): Session {
  return {
    kind,
    uid: login.user.uid,
    name: login.user.name,
    token: login.token,
    refreshToken: login.refresh_token,
    expireTime: now + login.expired_in * 1000,
  };
}

export class WidgetApi {
  session: Session | null;
  private renewal: Promise<void> | null = null;

  /**
   * `keepWithPage` hands a visitor's session to the page around the frame: browsers that block a
   * third-party frame's storage would otherwise forget the visitor on every page.
   */
  constructor(
    private readonly widgetId: string,
    private readonly keepWithPage: (session: Session | null) => void,
  ) {
    this.session = this.load();
  }

  /** A session the page kept, used when the frame's own storage has none. */
  adopt(session: Session | null): void {
    if (!this.session && session && keptByPage(session)) this.save(session);
  }

  private load(): Session | null {
    try {
      const raw = localStorage.getItem(sessionKey(this.widgetId));
      return raw ? (JSON.parse(raw) as Session) : null;
    } catch {
      return null;
    }
  }

  private save(session: Session | null): void {
    const wasKept = this.session !== null && keptByPage(this.session);
    this.session = session;
    if (session ? keptByPage(session) : wasKept) this.keepWithPage(session);
    try {
      if (session) localStorage.setItem(sessionKey(this.widgetId), JSON.stringify(session));
      else localStorage.removeItem(sessionKey(this.widgetId));
    } catch {
      // Storage may be blocked in a third-party frame: the session then lasts as long as the page.
    }
  }

  config(): Promise<WidgetConfig> {
    return send<WidgetConfig>('GET', '/widget/config');
  }

  /** The administrator's extra CSS (a text answer, read as such). */
  async extraCss(): Promise<string> {
    const response = await fetch('/api/resource/widget-extra.css');
    return response.ok ? response.text() : '';
  }

  /**
   * Reads as a guest while the server's guest mode is on (SPEC §6); false when it is off. Called
   * when the panel first opens, so a page view alone makes no account.
   */
  async becomeGuest(): Promise<boolean> {
    try {
      this.save(toSession('guest', await send<LoginResponse>('GET', '/token/login_guest'), Date.now()));
      return true;
    } catch (error) {
      if (error instanceof WidgetApiError && error.status === 403) return false;
      throw error;
    }
  }

  /** Ends a guest session that a visitor account or a sign-in replaced (best effort). */
  endGuest(guest: Session): void {
    void send('GET', '/token/logout', { token: guest.token }).catch(() => undefined);
  }

  async becomeVisitor(name: string, language: string): Promise<void> {
    const login = await send<LoginResponse>('POST', '/widget/visitor', {
      json: { name, widget_id: this.widgetId, language: language || undefined },
    });
    this.save(toSession('visitor', login, Date.now()));
  }

  async signIn(email: string, password: string): Promise<void> {
    const login = await send<LoginResponse>('POST', '/token/login', {
      json: { credential: { type: 'password', email, password }, device: `widget:${this.widgetId}` },
    });
    this.save(toSession('account', login, Date.now()));
  }

  /** Signs the site's own user in with a third-party key (single use: a new page brings a new one). */
  async signInWithKey(key: string): Promise<void> {
    const login = await send<LoginResponse>('POST', '/token/login', {
      json: { credential: { type: 'thirdparty', key }, device: `widget:${this.widgetId}` },
    });
    this.save(toSession('account', login, Date.now()));
  }

  signOut(): void {
    this.save(null);
  }

  /** A valid access token, renewed first when it is about to expire; null when signed out. */
  async token(): Promise<string | null> {
    const session = this.session;
    if (!session) return null;
    if (session.expireTime - Date.now() > RENEW_MARGIN_MS) return session.token;
    this.renewal ??= this.renew(session).finally(() => {
      this.renewal = null;
    });
    await this.renewal;
    return this.session?.token ?? null;
  }

  private async renew(session: Session): Promise<void> {
    try {
      const renewed = await send<RenewResponse>('POST', '/token/renew', {
        json: { token: session.token, refresh_token: session.refreshToken },
      });
      this.save({
        ...session,
        token: renewed.token,
        refreshToken: renewed.refresh_token,
        expireTime: Date.now() + renewed.expired_in * 1000,
      });
    } catch (error) {
      // A refused pair is gone for good (account removed, session revoked): start over.
      if (error instanceof WidgetApiError && error.status === 401) this.save(null);
      else throw error;
    }
  }

  private async authed<T>(method: string, path: string, init: { json?: unknown; text?: string } = {}) {
    const token = await this.token();
    if (!token) throw new WidgetApiError(401, '');
    try {
      return await send<T>(method, path, { ...init, token });
    } catch (error) {
      if (error instanceof WidgetApiError && error.status === 401) this.save(null);
      throw error;
    }
  }

  /** The newest messages, as many as a new device of the app gets of each conversation. */
  history(target: Target): Promise<ChatMessage[]> {
    const limit = LIMITS.streamBacklogPerConversation;
    return this.authed<ChatMessage[]>('GET', `${targetPath(target)}/history?limit=${limit}`);
  }

  sendText(target: Target, text: string): Promise<number> {
    return this.authed<number>('POST', `${targetPath(target)}/send`, { text });
  }
}

export type Target = { gid: number } | { uid: number };

const keptByPage = (session: Session) => session.kind !== 'account';

const targetPath = (target: Target) => ('gid' in target ? `/group/${target.gid}` : `/user/${target.uid}`);

/** Whether a message belongs to the widget's one conversation. */
export function inConversation(message: ChatMessage, target: Target, self: number): boolean {
  if ('gid' in target) return 'gid' in message.target && message.target.gid === target.gid;
  if (!('uid' in message.target)) return false;
  return (
    (message.from_uid === target.uid && message.target.uid === self) ||
    (message.from_uid === self && message.target.uid === target.uid)
  );
}
