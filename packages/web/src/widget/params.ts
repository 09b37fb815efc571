import { LIMITS } from '@parley/protocol';

/**
 * The widget's parameters (SPEC §3), as the loader (`public/widget.js`) passes them in the frame's
 * query string, under VoceChat's names. Everything a page gives is checked here, once: a colour
 * that is not a colour, a size that is not a size or an id that is not a number falls back to the
 * default, so a wrong snippet still shows a working widget.
 */
export interface WidgetParams {
  /** The widget's `id`: names this widget's saved session, so two widgets on one site stay apart. */
  id: string;
  /** The user visitors chat with (`host`); ignored when `channel` is given. */
  host: number | null;
  /** Parley: a public channel the widget is locked to, instead of a conversation with `host`. */
  channel: number | null;
  title: string;
  logo: string;
  /** Visitors may make an account by giving a name; otherwise they sign in with an account. */
  autoReg: boolean;
  themeColor: string;
  welcome: string;
  position: 'left' | 'right';
  language: string;
  /** Shows the panel at once, without the bubble (the settings screen's preview). */
  open: boolean;
  /** A third-party key (`login-token`, docs/third-party.md) that signs the site's own user in. */
  loginToken: string;
}

const COLOR = /^#[0-9a-f]{3,8}$/i;
const positiveId = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function readParams(search: string): WidgetParams {
  const q = new URLSearchParams(search);
  const text = (name: string, max = 200) => (q.get(name) ?? '').trim().slice(0, max);
  const color = text('theme-color');
  const logo = text('logo', 2000);
  return {
    id: text('id', LIMITS.widgetIdMaxLength) || 'default',
    host: positiveId(q.get('host-id')),
    channel: positiveId(q.get('channel-id')),
    title: text('title', LIMITS.widgetTitleMaxLength),
    // Only an image from the web (or this server): never a script URL.
    logo: /^(https?:\/\/|\/)/.test(logo) ? logo : '',
    autoReg: q.get('auto-reg') !== 'false',
    themeColor: COLOR.test(color) ? color : '#4f46e5',
    welcome: text('welcome', LIMITS.widgetWelcomeMaxLength),
    position: q.get('position') === 'left' ? 'left' : 'right',
    language: text('lang', 35),
    open: q.get('open') === 'true',
    loginToken: text('login-token', 256),
  };
}
