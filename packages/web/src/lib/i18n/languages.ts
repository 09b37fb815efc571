export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
  { code: 'ja', label: '日本語' },
  { code: 'es', label: 'Español' },
  { code: 'fr', label: 'Français' },
  { code: 'pt', label: 'Português' },
  { code: 'tr', label: 'Türkçe' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);

export const NAMESPACES = [
  'common',
  'chat',
  'member',
  'setting',
  'fav',
  'file',
  'filespage',
  'welcome',
  'auth',
  'widget',
  'actions',
  'bots',
  'accounts',
  'search',
  'conversation',
  'previews',
  'notify',
  'voice',
  'signin',
  'channels',
  'platform',
  'admin',
  'invites',
  'contacts',
  'audit',
  'media',
  'twofactor',
  'myaccount',
  'invitemobile',
  'prefs',
  'embed',
  'thirdparty',
  'governance',
  'directory',
  'license',
] as const;

export type Namespace = (typeof NAMESPACES)[number];
