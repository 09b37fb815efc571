export {
  THEME_PREFERENCES,
  applyTheme,
  readThemePreference,
  resolveTheme,
  setThemePreference,
  startTheme,
  useThemePreference,
  type Theme,
  type ThemePreference,
} from './theme';
