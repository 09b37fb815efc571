import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../lib/store';

/** SPEC §4: the page title is '{server name} Web App'. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation('common');
  const name = useAppSelector((state) => state.server.name);
  const active = useAppSelector((state) => state.tabActive);
  useEffect(() => {
    const title = t('app.title', { name: name || 'Parley' });
    document.title = active ? title : `[INACTIVE] ${title}`;
    document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  }, [t, name, active, i18n.resolvedLanguage]);
  return null;
}
