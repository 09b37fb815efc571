import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { totalUnread, unreadTitle, useAppSelector } from '../lib/store';
import { showAppBadge } from './app-badge';

/**
 * SPEC §4: the page title is '{server name} Web App', led by the unread count when there is one;
 * the installed app's badge shows the same count (app-badge.ts).
 */
export function DocumentTitle() {
  const { t, i18n } = useTranslation('common');
  const name = useAppSelector((state) => state.server.name);
  const active = useAppSelector((state) => state.tabActive);
  // Muting or a mute's expiry is picked up at the next change of any state.
  const unread = useAppSelector((state) => totalUnread(state, Date.now()));
  useEffect(() => {
    const title = unreadTitle(t('app.title', { name: name || 'Parley' }), unread);
    document.title = active ? title : `[INACTIVE] ${title}`;
    document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  }, [t, name, active, i18n.resolvedLanguage, unread]);
  useEffect(() => showAppBadge(unread), [unread]);
  return null;
}
