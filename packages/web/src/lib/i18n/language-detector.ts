import type { LanguageDetectorModule } from 'i18next';

/** Where the user's choice is kept: the key i18next's own browser detector used, so it carries over. */
const STORAGE_KEY = 'i18nextLng';

function stored(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

/**
 * The page's language, in order: `?lng=` in the address, the user's earlier choice, the browser's
 * languages, the page's `lang`. i18next narrows the candidates to the supported ones. A few lines
 * instead of i18next-browser-languagedetector, which the first screen would otherwise download.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const query = new URLSearchParams(location.search).get('lng') ?? undefined;
    const candidates = [query, stored(), ...(navigator.languages ?? []), navigator.language];
    if (document.documentElement.lang) candidates.push(document.documentElement.lang);
    return candidates.filter((code): code is string => Boolean(code));
  },
  cacheUserLanguage(language: string) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // not kept: the next visit detects again
    }
  },
};
