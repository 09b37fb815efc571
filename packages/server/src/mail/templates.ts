/**
 * The mails Parley sends (login link, sign-up link, invitation), as HTML and plain text, in the
 * recipient's language: the seven languages of the web client, English when unknown.
 */
export type MailKind = 'login' | 'register' | 'invite';

interface Strings {
  subject: string;
  intro: string;
  button: string;
  outro: string;
}

type Catalogue = Record<MailKind, Strings>;

/** `{org}` is the server's name; `{minutes}` how long the link works. */
const CATALOGUES: Record<string, Catalogue> = {
  en: {
    login: {
      subject: 'Sign in to {org}',
      intro: 'Use the link below to sign in to {org}. It works once, for {minutes} minutes.',
      button: 'Sign in',
      outro: 'If you did not ask for this mail, you can ignore it: nobody can sign in without the link.',
    },
    register: {
      subject: 'Finish signing up to {org}',
      intro: 'Use the link below to create your account on {org}. It works once, for {minutes} minutes.',
      button: 'Create my account',
      outro: 'If you did not ask for this mail, you can ignore it: no account is created without the link.',
    },
    invite: {
      subject: 'You are invited to {org}',
      intro: '{inviter} invites you to join {org}.',
      button: 'Accept the invitation',
      outro: 'If you do not know the sender, you can ignore this mail.',
    },
  },
  zh: {
    login: {
      subject: '登录 {org}',
      intro: '请使用下面的链接登录 {org}。该链接只能使用一次，{minutes} 分钟内有效。',
      button: '登录',
      outro: '如果您没有请求这封邮件，可以忽略它：没有该链接，任何人都无法登录。',
    },
    register: {
      subject: '完成 {org} 的注册',
      intro: '请使用下面的链接在 {org} 创建您的账户。该链接只能使用一次，{minutes} 分钟内有效。',
      button: '创建我的账户',
      outro: '如果您没有请求这封邮件，可以忽略它：没有该链接不会创建任何账户。',
    },
    invite: {
      subject: '您受邀加入 {org}',
      intro: '{inviter} 邀请您加入 {org}。',
      button: '接受邀请',
      outro: '如果您不认识发件人，可以忽略这封邮件。',
    },
  },
  ja: {
    login: {
      subject: '{org} にサインイン',
      intro: '下のリンクから {org} にサインインしてください。リンクは1回だけ、{minutes} 分間有効です。',
      button: 'サインイン',
      outro: 'このメールに心当たりがない場合は無視してください。リンクがなければ誰もサインインできません。',
    },
    register: {
      subject: '{org} の登録を完了してください',
      intro: '下のリンクから {org} のアカウントを作成してください。リンクは1回だけ、{minutes} 分間有効です。',
      button: 'アカウントを作成',
      outro: 'このメールに心当たりがない場合は無視してください。リンクがなければアカウントは作成されません。',
    },
    invite: {
      subject: '{org} への招待',
      intro: '{inviter} さんがあなたを {org} に招待しています。',
      button: '招待を受ける',
      outro: '送信者に心当たりがない場合は、このメールを無視してください。',
    },
  },
  es: {
    login: {
      subject: 'Inicia sesión en {org}',
      intro:
        'Usa el enlace de abajo para iniciar sesión en {org}. Funciona una sola vez, durante {minutes} minutos.',
      button: 'Iniciar sesión',
      outro: 'Si no pediste este correo, puedes ignorarlo: nadie puede iniciar sesión sin el enlace.',
    },
    register: {
      subject: 'Termina tu registro en {org}',
      intro:
        'Usa el enlace de abajo para crear tu cuenta en {org}. Funciona una sola vez, durante {minutes} minutos.',
      button: 'Crear mi cuenta',
      outro: 'Si no pediste este correo, puedes ignorarlo: no se crea ninguna cuenta sin el enlace.',
    },
    invite: {
      subject: 'Te han invitado a {org}',
      intro: '{inviter} te invita a unirte a {org}.',
      button: 'Aceptar la invitación',
      outro: 'Si no conoces al remitente, puedes ignorar este correo.',
    },
  },
  fr: {
    login: {
      subject: 'Connexion à {org}',
      intro:
        'Utilisez le lien ci-dessous pour vous connecter à {org}. Il ne fonctionne qu’une fois, pendant {minutes} minutes.',
      button: 'Se connecter',
      outro:
        'Si vous n’avez pas demandé ce message, ignorez-le : personne ne peut se connecter sans le lien.',
    },
    register: {
      subject: 'Terminez votre inscription à {org}',
      intro:
        'Utilisez le lien ci-dessous pour créer votre compte sur {org}. Il ne fonctionne qu’une fois, pendant {minutes} minutes.',
      button: 'Créer mon compte',
      outro: 'Si vous n’avez pas demandé ce message, ignorez-le : aucun compte n’est créé sans le lien.',
    },
    invite: {
      subject: 'Vous êtes invité sur {org}',
      intro: '{inviter} vous invite à rejoindre {org}.',
      button: 'Accepter l’invitation',
      outro: 'Si vous ne connaissez pas l’expéditeur, ignorez ce message.',
    },
  },
  pt: {
    login: {
      subject: 'Entrar em {org}',
      intro: 'Use o link abaixo para entrar em {org}. Ele funciona uma única vez, durante {minutes} minutos.',
      button: 'Entrar',
      outro: 'Se você não pediu este e-mail, pode ignorá-lo: ninguém consegue entrar sem o link.',
    },
    register: {
      subject: 'Conclua seu cadastro em {org}',
      intro:
        'Use o link abaixo para criar sua conta em {org}. Ele funciona uma única vez, durante {minutes} minutos.',
      button: 'Criar minha conta',
      outro: 'Se você não pediu este e-mail, pode ignorá-lo: nenhuma conta é criada sem o link.',
    },
    invite: {
      subject: 'Você foi convidado para {org}',
      intro: '{inviter} convida você a participar de {org}.',
      button: 'Aceitar o convite',
      outro: 'Se você não conhece o remetente, pode ignorar este e-mail.',
    },
  },
  tr: {
    login: {
      subject: '{org} hesabınıza giriş yapın',
      intro:
        '{org} hesabınıza giriş yapmak için aşağıdaki bağlantıyı kullanın. Bağlantı yalnızca bir kez ve {minutes} dakika boyunca çalışır.',
      button: 'Giriş yap',
      outro: 'Bu e-postayı siz istemediyseniz yok sayabilirsiniz: bağlantı olmadan kimse giriş yapamaz.',
    },
    register: {
      subject: '{org} kaydınızı tamamlayın',
      intro:
        '{org} üzerinde hesabınızı oluşturmak için aşağıdaki bağlantıyı kullanın. Bağlantı yalnızca bir kez ve {minutes} dakika boyunca çalışır.',
      button: 'Hesabımı oluştur',
      outro: 'Bu e-postayı siz istemediyseniz yok sayabilirsiniz: bağlantı olmadan hesap oluşturulmaz.',
    },
    invite: {
      subject: '{org} davetiniz',
      intro: '{inviter} sizi {org} topluluğuna katılmaya davet ediyor.',
      button: 'Daveti kabul et',
      outro: 'Göndereni tanımıyorsanız bu e-postayı yok sayabilirsiniz.',
    },
  },
};

export const MAIL_LANGUAGES = Object.keys(CATALOGUES);

/** `en-US`, `pt_BR`, `zh-Hans-CN`, an Accept-Language header… → one of the seven, else `en`. */
export function mailLanguage(wanted: string | null | undefined): string {
  for (const part of (wanted ?? '').split(',')) {
    const primary = part.trim().split(/[-_;]/)[0]?.toLowerCase() ?? '';
    if (primary in CATALOGUES) return primary;
  }
  return 'en';
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(
  kind: MailKind,
  language: string | null | undefined,
  vars: { org: string; link: string; minutes?: number; inviter?: string },
): RenderedMail {
  const strings = CATALOGUES[mailLanguage(language)]![kind];
  const fill = (s: string, esc: (v: string) => string) =>
    s.replace(/\{(org|minutes|inviter)\}/g, (_, k: string) =>
      esc(String(k === 'org' ? vars.org : k === 'minutes' ? (vars.minutes ?? 15) : (vars.inviter ?? ''))),
    );
  const plain = (s: string) => fill(s, (v) => v);
  const html = (s: string) => fill(escapeHtml(s), escapeHtml);
  const subject = plain(strings.subject).replace(/[\r\n]+/g, ' ');
  const text = [
    plain(strings.intro),
    '',
    `${plain(strings.button)}: ${vars.link}`,
    '',
    plain(strings.outro),
    '',
  ].join('\n');
  const link = escapeHtml(vars.link);
  const body = `<!doctype html>
<html><head><meta charset="utf-8"><title>${html(strings.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<p>${html(strings.intro)}</p>
<p><a href="${link}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${html(strings.button)}</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">${link}</p>
<p style="font-size:13px;color:#6b7280">${html(strings.outro)}</p>
</body></html>
`;
  return { subject, text, html: body };
}
