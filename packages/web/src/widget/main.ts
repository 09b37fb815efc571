/**
 * The embeddable widget's page (`widget.html`, docs/widget.md): what `public/widget.js` frames on
 * a website. It talks to the page around it only to say whether it is open, so the loader can
 * size the frame; everything else stays inside the frame, out of reach of the site's styles.
 */
// `t` reads the widget namespace; scripts/check-i18n.mjs checks its keys there: useTranslation('widget').
import type { ChatMessage } from '@parley/protocol';
import { WidgetApi, WidgetApiError, inConversation, type Session, type Target } from './api';
import { loadText, pickLanguage } from './i18n';
import { readParams } from './params';
import { openStream, type WidgetStream } from './stream';
import { createView } from './view';
import './widget.css';

const params = readParams(location.search);
const target: Target | null = params.channel
  ? { gid: params.channel }
  : params.host
    ? { uid: params.host }
    : null;
const framed = window.parent !== window;
const api = new WidgetApi(params.id, (session) => {
  if (framed) window.parent.postMessage({ type: 'parley-widget', id: params.id, session }, '*');
});
const messages = new Map<number, ChatMessage>();
let stream: WidgetStream | null = null;

document.documentElement.style.setProperty('--accent', params.themeColor);
// The administrator's extra CSS comes after the widget's own, so it wins (API.md §7.3).
void api.extraCss().then((css) => {
  if (!css) return;
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
});
if (matchMedia('(prefers-color-scheme: dark)').matches) document.documentElement.dataset.theme = 'dark';
const language = pickLanguage(params.language, navigator.languages);
document.documentElement.lang = language;
const t = await loadText(language);
document.title = params.title || t('title');

const tellPage = (open: boolean) => {
  // The page hears the open state and a visitor's own session (which it keeps for the visitor);
  // never an account's session.
  if (window.parent !== window)
    window.parent.postMessage({ type: 'parley-widget', id: params.id, open }, '*');
};

/** What a guest wrote before giving a name or signing in: sent once they have. */
let pending: string | null = null;
let guestTried = false;

const view = createView(params, t, {
  onToggle(open) {
    view.setOpen(open);
    tellPage(open);
    if (open) void readAsGuest();
  },
  async onVisitor(name) {
    const guest = guestSession();
    try {
      await api.becomeVisitor(name, language);
      if (guest) api.endGuest(guest);
      await enterConversation();
      await sendPending();
    } catch (error) {
      failed(error);
    }
  },
  async onSignIn(email, password) {
    const guest = guestSession();
    try {
      await api.signIn(email, password);
      if (guest) api.endGuest(guest);
      await enterConversation();
      await sendPending();
    } catch (error) {
      view.showError(
        error instanceof WidgetApiError && error.status === 401 ? t('sign_in_failed') : t('error'),
      );
    }
  },
  async onSend(text) {
    if (!target) return;
    if (api.session?.kind === 'guest') {
      // A guest reads; writing takes a name (or an account), asked for only now.
      pending = text;
      await showWayIn(true);
      return;
    }
    await sendText(text);
  },
});
document.getElementById('widget')?.append(view.root);
if (params.open) view.setOpen(true);

const guestSession = () => (api.session?.kind === 'guest' ? api.session : null);

async function sendText(text: string) {
  if (!target) return;
  try {
    const mid = await api.sendText(target, text);
    const self = api.session?.uid ?? 0;
    add({ mid, from_uid: self, created_at: Date.now(), target: toTarget(target), detail: plain(text) });
  } catch (error) {
    failed(error);
  }
}

async function sendPending() {
  const text = pending;
  pending = null;
  if (text && api.session && api.session.kind !== 'guest') await sendText(text);
}

/**
 * With guest mode on, a visitor reads the widget's public channel before giving a name; tried
 * once, when the panel first opens (a direct message with the host has nothing to read yet).
 */
async function readAsGuest() {
  if (guestTried || api.session || !target || !('gid' in target)) return;
  guestTried = true;
  try {
    if (await api.becomeGuest()) await enterConversation();
  } catch {
    // The way in stays as it is: a name or an account.
  }
}

function failed(error: unknown) {
  if (error instanceof WidgetApiError && error.status === 403) view.showError(t('off'));
  else view.showError(t('error'));
  if (!api.session) void showWayIn();
}

function add(message: ChatMessage) {
  const self = api.session?.uid;
  if (!target || self === undefined || !inConversation(message, target, self)) return;
  if (message.detail.type === 'reaction') return;
  messages.set(message.mid, message);
  view.showMessages(
    [...messages.values()].sort((a, b) => a.mid - b.mid),
    self,
  );
}

/** `toWrite`: a guest wrote something, which is kept and sent once they are in. */
async function showWayIn(toWrite = false) {
  if (!toWrite) {
    stream?.close();
    stream = null;
    // What a guest read goes with their session.
    messages.clear();
    view.showMessages([], 0);
  }
  const config = params.autoReg ? await api.config().catch(() => ({ enabled: false })) : null;
  const way = !config ? 'account' : config.enabled ? 'visitor' : 'off';
  view.showFoot(
    way,
    toWrite && way !== 'off' ? t(way === 'visitor' ? 'name_to_send' : 'sign_in_to_send') : '',
  );
}

/** The stream broke: a guest's session may have ended (guest mode off), which a call tells. */
function checkSession() {
  if (!target || api.session?.kind !== 'guest') return;
  api.history(target).catch((error: unknown) => {
    if (error instanceof WidgetApiError && error.status === 401) void showWayIn();
  });
}

async function enterConversation() {
  if (!target) return;
  const history = await api.history(target);
  for (const message of history) add(message);
  view.showFoot('composer');
  stream?.close();
  stream = openStream({
    token: () => api.token(),
    afterMid: () => Math.max(0, ...messages.keys()),
    onMessage: add,
    onDrop: checkSession,
  });
}

const toTarget = (to: Target): ChatMessage['target'] => ('gid' in to ? { gid: to.gid } : { uid: to.uid });
const plain = (content: string): ChatMessage['detail'] => ({
  type: 'normal',
  properties: null,
  content_type: 'text/plain',
  content,
  expires_in: null,
});

/** Asks the page for the visitor's session it keeps (`public/widget.js`); null after a second. */
function sessionFromPage(): Promise<Session | null> {
  if (!framed) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(null), 1000);
    const done = (session: Session | null) => {
      clearTimeout(timer);
      window.removeEventListener('message', listen);
      resolve(session);
    };
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; session?: Session | null } | null;
      if (event.source === window.parent && data?.type === 'parley-widget-session')
        done(data.session ?? null);
    };
    window.addEventListener('message', listen);
    window.parent.postMessage({ type: 'parley-widget', id: params.id, ready: true }, '*');
  });
}

if (params.loginToken) {
  // The key is spent now: it leaves the frame's address, so a reload cannot try it again.
  const query = new URLSearchParams(location.search);
  query.delete('login-token');
  history.replaceState(null, '', `${location.pathname}?${query.toString()}`);
  // A used or expired key leaves whatever session the frame had.
  await api.signInWithKey(params.loginToken).catch(() => undefined);
}
if (!api.session) api.adopt(await sessionFromPage());
if (!target) view.showFoot('no_host');
else if (api.session) await enterConversation().catch(failed);
else await showWayIn();
if (params.open) await readAsGuest();
