import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './language-detector';
import { LANGUAGE_CODES, NAMESPACES } from './languages';
import { localeBackend } from './locale-backend';

/** Loads translations from `locales/{lng}/{ns}.json` next to the page (SPEC §7, §9). */
export function initI18n() {
  return i18n
    .use(localeBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGE_CODES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: englishOnlyForOthers,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackNS: false,
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/**
 * Every locale has every key (scripts/check-i18n.mjs), so a supported language needs no fallback and
 * its user downloads only that language; English stands in for any other language.
 */
function englishOnlyForOthers(code: string | undefined): string[] {
  const base = code?.split('-')[0];
  return base && (LANGUAGE_CODES as readonly string[]).includes(base) ? [] : ['en'];
}

/** The language in use, reduced to one of ours (`zh-CN` -> `zh`). */
export function currentLanguage(): string {
  const resolved = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return resolved.split('-')[0] ?? 'en';
}

export { i18n };
