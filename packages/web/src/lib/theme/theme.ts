import { useSyncExternalStore } from 'react';

export const THEME_PREFERENCES = ['auto', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'parley.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return THEME_PREFERENCES.includes(stored as ThemePreference) ? (stored as ThemePreference) : 'auto';
  } catch {
    return 'auto';
  }
}

export const resolveTheme = (preference: ThemePreference, systemDark: boolean): Theme =>
  preference === 'auto' ? (systemDark ? 'dark' : 'light') : preference;

const systemPrefersDark = () => window.matchMedia?.(DARK_QUERY).matches ?? false;

export function applyTheme(preference: ThemePreference = readThemePreference()): void {
  const theme = resolveTheme(preference, systemPrefersDark());
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  applyTheme(preference);
  for (const listener of listeners) listener();
}

/** Applies the theme now and follows the system setting while the preference is `auto`. */
export function startTheme(): () => void {
  applyTheme();
  const media = window.matchMedia?.(DARK_QUERY);
  const onChange = () => applyTheme();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference);
}
