/**
 * The widget's text: the `widget` namespace of the app's translations (docs/i18n.md), in the
 * page's chosen language (`lang` parameter), else the browser's, else English; missing keys fall
 * back to English. Only the one file is fetched, not the app's i18n library.
 */
import type en from '../../public/locales/en/widget.json';

const LANGUAGES = ['en', 'zh', 'ja', 'es', 'fr', 'pt', 'tr'];

export type WidgetText = typeof en;
export type TextKey = Exclude<keyof WidgetText, 'settings'>;

export function pickLanguage(wanted: string, browser: readonly string[]): string {
  for (const tag of [wanted, ...browser]) {
    const code = tag.toLowerCase().split('-')[0] ?? '';
    if (LANGUAGES.includes(code)) return code;
  }
  return 'en';
}

async function fetchText(language: string): Promise<Partial<WidgetText>> {
  const response = await fetch(`/locales/${language}/widget.json`);
  if (!response.ok) throw new Error(`locale ${language}: ${response.status}`);
  return (await response.json()) as Partial<WidgetText>;
}

export async function loadText(language: string): Promise<(key: TextKey) => string> {
  const english = await fetchText('en').catch(() => ({}) as Partial<WidgetText>);
  const chosen = language === 'en' ? english : await fetchText(language).catch(() => english);
  return (key) => chosen[key] ?? english[key] ?? key;
}
