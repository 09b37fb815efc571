/**
 * The widget's screen: a bubble while closed; when open, a panel with a header, the conversation
 * (a live region, so screen readers hear new messages), and at the foot either the way in (a
 * name, or an account) or the composer. Text goes in as text, never as HTML.
 */
// `t` reads the widget namespace; scripts/check-i18n.mjs checks its keys there: useTranslation('widget').
import type { ChatMessage } from '@parley/protocol';
import { CHAT_ICON, CLOSE_ICON, SEND_ICON, h, icon } from './dom';
import type { TextKey } from './i18n';
import type { WidgetParams } from './params';

export interface View {
  root: HTMLElement;
  setOpen(open: boolean): void;
  showMessages(messages: readonly ChatMessage[], self: number): void;
  /** `hint`: a line above the form (why a guest who wrote is asked for a name). */
  showFoot(kind: 'visitor' | 'account' | 'composer' | 'off' | 'no_host', hint?: string): void;
  showError(text: string): void;
}

export interface ViewHandlers {
  onToggle(open: boolean): void;
  onVisitor(name: string): Promise<void>;
  onSignIn(email: string, password: string): Promise<void>;
  onSend(text: string): Promise<void>;
}

export function createView(params: WidgetParams, t: (key: TextKey) => string, on: ViewHandlers): View {
  const launcher = h('button', {
    type: 'button',
    class: 'launcher',
    'aria-label': t('open'),
    'aria-expanded': 'false',
  });
  launcher.append(icon(CHAT_ICON));
  const closeButton = h('button', { type: 'button', class: 'icon-button', 'aria-label': t('close') });
  closeButton.append(icon(CLOSE_ICON));
  const logo = params.logo ? h('img', { class: 'logo', src: params.logo, alt: '' }) : null;
  const title = h('h1', { class: 'title', id: 'widget-title' }, params.title || t('title'));
  const header = h('header', { class: 'header' }, logo, title, closeButton);
  const welcome = h('p', { class: 'welcome' }, params.welcome || t('welcome'));
  const list = h('ol', { class: 'messages' });
  const log = h('div', { role: 'log', 'aria-live': 'polite', 'aria-label': t('messages') }, list);
  const scroll = h('div', { class: 'scroll' }, welcome, log);
  const error = h('p', { class: 'error', role: 'alert' });
  const foot = h('div', { class: 'foot' });
  const panel = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'widget-title', hidden: true },
    header,
    scroll,
    error,
    foot,
  );
  const root = h('div', { class: `widget ${params.position}` }, panel, launcher);

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    launcher.hidden = open && params.open;
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', t(open ? 'close' : 'open'));
    root.classList.toggle('is-open', open);
    if (open) (foot.querySelector('input, textarea') as HTMLElement | null)?.focus();
  };
  launcher.addEventListener('click', () => on.onToggle(panel.hidden !== false));
  closeButton.addEventListener('click', () => {
    on.onToggle(false);
    launcher.focus();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && panel.hidden === false && !params.open) {
      on.onToggle(false);
      launcher.focus();
    }
  });

  const busy = async (form: HTMLFormElement, work: () => Promise<void>) => {
    const button = form.querySelector('button');
    if (button) button.disabled = true;
    error.textContent = '';
    try {
      await work();
    } finally {
      if (button) button.disabled = false;
    }
  };

  const visitorForm = () => {
    const input = h('input', {
      id: 'widget-name',
      name: 'name',
      required: true,
      maxlength: '32',
      autocomplete: 'name',
    });
    const form = h(
      'form',
      { class: 'form' },
      h('label', { for: 'widget-name' }, t('name_label')),
      input,
      h('button', { type: 'submit', class: 'primary' }, t('start')),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (name) void busy(form, () => on.onVisitor(name));
    });
    return form;
  };

  const accountForm = () => {
    const email = h('input', { id: 'widget-email', type: 'email', required: true, autocomplete: 'email' });
    const password = h('input', {
      id: 'widget-password',
      type: 'password',
      required: true,
      autocomplete: 'current-password',
    });
    const form = h(
      'form',
      { class: 'form' },
      h('label', { for: 'widget-email' }, t('email_label')),
      email,
      h('label', { for: 'widget-password' }, t('password_label')),
      password,
      h('button', { type: 'submit', class: 'primary' }, t('sign_in')),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void busy(form, () => on.onSignIn(email.value.trim(), password.value));
    });
    return form;
  };

  const composer = () => {
    const input = h('textarea', {
      rows: '1',
      'aria-label': t('placeholder'),
      placeholder: t('placeholder'),
      dir: 'auto',
    });
    const sendButton = h('button', { type: 'submit', class: 'icon-button send', 'aria-label': t('send') });
    sendButton.append(icon(SEND_ICON));
    const form = h('form', { class: 'composer' }, input, sendButton);
    const submit = () => {
      const text = input.value.trim();
      if (!text) return;
      input.value = '';
      void busy(form, () => on.onSend(text)).then(() => input.focus());
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submit();
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        submit();
      }
    });
    return form;
  };

  return {
    root,
    setOpen,
    showMessages(messages, self) {
      list.replaceChildren(
        ...messages.map((m) => {
          const mine = m.from_uid === self;
          const content = m.detail.type === 'reaction' ? '' : m.detail.content;
          return h(
            'li',
            { class: mine ? 'message mine' : 'message', 'data-mid': String(m.mid) },
            h('span', { class: 'visually-hidden' }, mine ? `${t('you')}: ` : ''),
            h('span', { class: 'bubble', dir: 'auto' }, content),
          );
        }),
      );
      scroll.scrollTo({ top: scroll.scrollHeight });
    },
    showFoot(kind, hint = '') {
      if (kind === 'off' || kind === 'no_host') {
        foot.replaceChildren(h('p', { class: 'notice' }, t(kind)));
      } else {
        foot.replaceChildren(
          ...(hint ? [h('p', { class: 'hint', role: 'status' }, hint)] : []),
          kind === 'visitor' ? visitorForm() : kind === 'account' ? accountForm() : composer(),
        );
      }
      if (!panel.hidden) (foot.querySelector('input, textarea') as HTMLElement | null)?.focus();
    },
    showError(text) {
      error.textContent = text;
    },
  };
}
