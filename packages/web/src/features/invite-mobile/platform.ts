/** Which kind of device a user agent names, for the mobile invite page (SPEC §2). */
export type Platform = 'android' | 'ios' | 'other-mobile' | 'desktop';

export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/Android/i.test(userAgent)) return 'android';
  // iPadOS reports itself as a Mac; its touch screen tells it apart.
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1))
    return 'ios';
  if (/Mobile|Opera Mini|IEMobile|BlackBerry/i.test(userAgent)) return 'other-mobile';
  return 'desktop';
}

/**
 * Where the VoceChat apps come from, and the scheme that opens them (docs/api.md, "Mobile invite
 * page"). One place, so a deployment with its own app changes them here.
 */
export const APP_LINKS = {
  scheme: 'vocechat',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.privoce.vocechatclient',
  apk: 'https://github.com/Privoce/vocechat-client/releases/latest',
  appStore: 'https://apps.apple.com/app/vocechat/id1631779678',
} as const;

/** The registration link of an invite, on this server. */
export const registrationLink = (origin: string, token: string) =>
  `${origin}/#/register?magic_token=${encodeURIComponent(token)}`;

/** The same link marked as opened from the web (the "Continue with webapp" choice). */
export const webappLink = (origin: string, token: string) => `${registrationLink(origin, token)}&from=webapp`;

/** The app's own link: the registration link handed to the app by its scheme. */
export const appLink = (origin: string, token: string) =>
  `${APP_LINKS.scheme}://invite?link=${encodeURIComponent(registrationLink(origin, token))}`;
