export { currentLanguage, i18n, initI18n } from './i18n';
export { LANGUAGES, LANGUAGE_CODES, NAMESPACES, type LanguageCode, type Namespace } from './languages';
export type { I18nKey, KeyIn } from './keys';
