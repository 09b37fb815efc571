/**
 * The e-mail digest's wording (issue 16) in the seven languages of the client and the other mails,
 * chosen by the recipient's language (`mailLanguage`). `{n}` is a count, `{org}` the server's name.
 */
import { mailLanguage } from './templates.js';

interface DigestStrings {
  subject: (n: number) => string;
  intro: (n: number) => string;
  direct: string;
  attachment: string;
  more: (n: number) => string;
  open: string;
  stop: string;
}

const CATALOGUES: Record<string, DigestStrings> = {
  en: {
    subject: (n) => `${n} new message${n === 1 ? '' : 's'} on {org}`,
    intro: (n) => `You have missed ${n} message${n === 1 ? '' : 's'} on {org}:`,
    direct: 'direct message',
    attachment: '(attachment)',
    more: (n) => `… and ${n} more.`,
    open: 'Open {org}',
    stop: 'Stop these e-mails',
  },
  es: {
    subject: (n) => `${n} mensaje${n === 1 ? ' nuevo' : 's nuevos'} en {org}`,
    intro: (n) => `Te has perdido ${n} mensaje${n === 1 ? '' : 's'} en {org}:`,
    direct: 'mensaje directo',
    attachment: '(adjunto)',
    more: (n) => `… y ${n} más.`,
    open: 'Abrir {org}',
    stop: 'Dejar de recibir estos correos',
  },
  fr: {
    subject: (n) => `${n} nouveau${n === 1 ? '' : 'x'} message${n === 1 ? '' : 's'} sur {org}`,
    intro: (n) => `Vous avez manqué ${n} message${n === 1 ? '' : 's'} sur {org} :`,
    direct: 'message direct',
    attachment: '(pièce jointe)',
    more: (n) => `… et ${n} de plus.`,
    open: 'Ouvrir {org}',
    stop: 'Ne plus recevoir ces e-mails',
  },
  ja: {
    subject: (n) => `{org} に新着メッセージが ${n} 件あります`,
    intro: (n) => `{org} で未読のメッセージが ${n} 件あります：`,
    direct: 'ダイレクトメッセージ',
    attachment: '（添付ファイル）',
    more: (n) => `…ほか ${n} 件。`,
    open: '{org} を開く',
    stop: 'このメールの配信を停止する',
  },
  pt: {
    subject: (n) => `${n} ${n === 1 ? 'nova mensagem' : 'novas mensagens'} em {org}`,
    intro: (n) => `Você perdeu ${n} ${n === 1 ? 'mensagem' : 'mensagens'} em {org}:`,
    direct: 'mensagem direta',
    attachment: '(anexo)',
    more: (n) => `… e mais ${n}.`,
    open: 'Abrir {org}',
    stop: 'Parar de receber estes e-mails',
  },
  tr: {
    subject: (n) => `{org} üzerinde ${n} yeni mesaj`,
    intro: (n) => `{org} üzerinde ${n} mesajı kaçırdınız:`,
    direct: 'doğrudan mesaj',
    attachment: '(ek)',
    more: (n) => `… ve ${n} tane daha.`,
    open: '{org} uygulamasını aç',
    stop: 'Bu e-postaları durdur',
  },
  zh: {
    subject: (n) => `{org} 上有 ${n} 条新消息`,
    intro: (n) => `你在 {org} 上错过了 ${n} 条消息：`,
    direct: '私信',
    attachment: '（附件）',
    more: (n) => `……还有 ${n} 条。`,
    open: '打开 {org}',
    stop: '不再接收这些邮件',
  },
};

/** The digest's strings for `language`, with `{org}` filled in. */
export function digestStrings(language: string | null | undefined, org: string) {
  const s = CATALOGUES[mailLanguage(language)] ?? CATALOGUES.en!;
  const fill = (text: string) => text.replaceAll('{org}', org);
  return {
    subject: (n: number) => fill(s.subject(n)).replace(/[\r\n]+/g, ' '),
    intro: (n: number) => fill(s.intro(n)),
    direct: s.direct,
    attachment: s.attachment,
    more: s.more,
    open: fill(s.open),
    stop: s.stop,
  };
}
