/**
 * The mails Parley sends (login link, sign-up link, invitation, e-mail change and its notice), as HTML and plain text, in the
 * recipient's language: the seven languages of the web client, English when unknown.
 */
export type MailKind = 'login' | 'register' | 'invite' | 'email_change' | 'email_notice';

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
    email_change: {
      subject: 'Confirm your new address on {org}',
      intro:
        'Use the link below to make {email} the address of your account on {org}. It works once, for {minutes} minutes.',
      button: 'Confirm my new address',
      outro:
        'If you did not ask for this change, ignore this mail: the address stays as it is without the link.',
    },
    email_notice: {
      subject: 'Your address on {org} is being changed',
      intro:
        'Someone signed in to your account on {org} asked to change its address to {email}. It changes only once the link sent to that address is opened.',
      button: 'Open {org}',
      outro: 'If this was not you, sign in now and change your password, or tell an administrator.',
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
    email_change: {
      subject: '确认您在 {org} 的新邮箱地址',
      intro:
        '请使用下面的链接将 {email} 设为您在 {org} 的账户邮箱。该链接只能使用一次，{minutes} 分钟内有效。',
      button: '确认新地址',
      outro: '如果您没有请求此更改，请忽略这封邮件：没有该链接，地址不会改变。',
    },
    email_notice: {
      subject: '您在 {org} 的邮箱地址正在更改',
      intro:
        '有人登录了您在 {org} 的账户，并请求将邮箱地址改为 {email}。只有打开发送到该地址的链接后才会更改。',
      button: '打开 {org}',
      outro: '如果这不是您本人，请立即登录并修改密码，或告知管理员。',
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
    email_change: {
      subject: '{org} の新しいメールアドレスを確認してください',
      intro:
        '下のリンクから {email} を {org} のアカウントのメールアドレスにしてください。リンクは1回だけ、{minutes} 分間有効です。',
      button: '新しいアドレスを確認',
      outro: 'この変更に心当たりがない場合は無視してください。リンクがなければアドレスは変わりません。',
    },
    email_notice: {
      subject: '{org} のメールアドレスが変更されようとしています',
      intro:
        '{org} のあなたのアカウントにサインインした人が、メールアドレスを {email} に変更するよう求めました。そのアドレスに送られたリンクが開かれるまで変更されません。',
      button: '{org} を開く',
      outro: '心当たりがない場合は、すぐにサインインしてパスワードを変更するか、管理者に知らせてください。',
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
    email_change: {
      subject: 'Confirma tu nueva dirección en {org}',
      intro:
        'Usa el enlace de abajo para que {email} sea la dirección de tu cuenta en {org}. Funciona una sola vez, durante {minutes} minutos.',
      button: 'Confirmar mi nueva dirección',
      outro: 'Si no pediste este cambio, ignora este correo: sin el enlace la dirección no cambia.',
    },
    email_notice: {
      subject: 'Se está cambiando tu dirección en {org}',
      intro:
        'Alguien con la sesión iniciada en tu cuenta de {org} pidió cambiar su dirección a {email}. Solo cambia cuando se abra el enlace enviado a esa dirección.',
      button: 'Abrir {org}',
      outro: 'Si no fuiste tú, inicia sesión ahora y cambia tu contraseña, o avisa a un administrador.',
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
    email_change: {
      subject: 'Confirmez votre nouvelle adresse sur {org}',
      intro:
        'Utilisez le lien ci-dessous pour que {email} devienne l’adresse de votre compte sur {org}. Il ne fonctionne qu’une fois, pendant {minutes} minutes.',
      button: 'Confirmer ma nouvelle adresse',
      outro:
        'Si vous n’avez pas demandé ce changement, ignorez ce message : sans le lien, l’adresse ne change pas.',
    },
    email_notice: {
      subject: 'Votre adresse sur {org} va changer',
      intro:
        'Une personne connectée à votre compte sur {org} a demandé à remplacer son adresse par {email}. Le changement n’a lieu qu’à l’ouverture du lien envoyé à cette adresse.',
      button: 'Ouvrir {org}',
      outro:
        'Si ce n’était pas vous, connectez-vous maintenant et changez votre mot de passe, ou prévenez un administrateur.',
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
    email_change: {
      subject: 'Confirme seu novo endereço em {org}',
      intro:
        'Use o link abaixo para tornar {email} o endereço da sua conta em {org}. Ele funciona uma única vez, durante {minutes} minutos.',
      button: 'Confirmar meu novo endereço',
      outro: 'Se você não pediu esta mudança, ignore este e-mail: sem o link o endereço não muda.',
    },
    email_notice: {
      subject: 'Seu endereço em {org} está sendo alterado',
      intro:
        'Alguém conectado à sua conta em {org} pediu para mudar o endereço para {email}. Ele só muda quando o link enviado a esse endereço for aberto.',
      button: 'Abrir {org}',
      outro: 'Se não foi você, entre agora e troque sua senha, ou avise um administrador.',
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
    email_change: {
      subject: '{org} için yeni adresinizi onaylayın',
      intro:
        '{email} adresini {org} hesabınızın adresi yapmak için aşağıdaki bağlantıyı kullanın. Bağlantı yalnızca bir kez ve {minutes} dakika boyunca çalışır.',
      button: 'Yeni adresimi onayla',
      outro: 'Bu değişikliği siz istemediyseniz bu e-postayı yok sayın: bağlantı olmadan adres değişmez.',
    },
    email_notice: {
      subject: '{org} adresiniz değiştiriliyor',
      intro:
        '{org} hesabınızda oturum açmış biri adresin {email} olarak değiştirilmesini istedi. Adres, yalnızca o adrese gönderilen bağlantı açıldığında değişir.',
      button: '{org} uygulamasını aç',
      outro: 'Bu siz değilseniz hemen giriş yapıp parolanızı değiştirin ya da bir yöneticiye haber verin.',
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
  vars: { org: string; link: string; minutes?: number; inviter?: string; email?: string },
): RenderedMail {
  const strings = CATALOGUES[mailLanguage(language)]![kind];
  const fill = (s: string, esc: (v: string) => string) =>
    s.replace(/\{(org|minutes|inviter|email)\}/g, (_, k: string) => esc(String(valueOf(k))));
  const valueOf = (k: string) =>
    k === 'org'
      ? vars.org
      : k === 'minutes'
        ? (vars.minutes ?? 15)
        : k === 'email'
          ? (vars.email ?? '')
          : (vars.inviter ?? '');
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
