import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector } from '../../lib/store';
import { IconButton, PlusIcon, SearchIcon } from '../../ui';
import { ContactFilter } from './contact-filter';
import { byContactStatus, type ContactFilterValue } from './contact-search';
import { filterUsers } from './filter-users';
import { UserAvatar } from './user-avatar';
import { UserSearchDialog } from './user-search-dialog';
import './contacts.css';

export function UserList() {
  const { t } = useTranslation(['member', 'contacts', 'directory']);
  const users = useAppSelector((state) => state.users.byId);
  const contacts = useAppSelector((state) => state.chatSettings.contacts);
  const isGuest = useAppSelector((state) => state.auth?.user.create_by === 'guest');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  // A restricted directory lists only the people the member shares something with (docs/api.md).
  const directory = useAppSelector((state) => state.server.common?.directory_visibility ?? 'everyone');
  const restricted = !isAdmin && directory !== 'everyone';
  // With contact verification on, the list starts from the user's contacts (API.md §3).
  const verification = useAppSelector((state) => state.server.common?.contact_verification_enable === true);
  const [filter, setFilter] = useState<ContactFilterValue | null>(null);
  const shown = filter ?? (verification && !isGuest ? 'added' : 'all');
  const [searching, setSearching] = useState(false);
  const online = useAppSelector((state) => state.users.online);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const streamConnected = useAppSelector((state) => state.stream.status === 'connected');
  const [query, setQuery] = useState('');
  const list = useMemo(
    () => filterUsers(byContactStatus(Object.values(users), contacts, shown), query, currentLanguage()),
    [users, contacts, shown, query],
  );
  const isOnline = (uid: number) => (uid === selfUid ? streamConnected : online[uid] === true);

  return (
    <aside className="user-list" aria-label={t('list.title')}>
      <header className="user-list__header">
        <h1>{t('list.title')}</h1>
        <span className="user-list__count">{t('list.count', { count: Object.keys(users).length })}</span>
        {isGuest || (restricted && directory === 'admins_only') ? null : (
          <IconButton
            label={t('contacts:search.open')}
            onClick={() => setSearching(true)}
            data-testid="user-search-open"
          >
            <PlusIcon size={18} />
          </IconButton>
        )}
      </header>
      {restricted ? (
        <p className="user-list__note" data-testid="directory-note">
          {directory === 'admins_only' ? t('directory:note_admins') : t('directory:note_shared')}
        </p>
      ) : null}
      {isGuest ? null : <ContactFilter value={shown} onChange={setFilter} />}
      <div className="user-list__search">
        <SearchIcon size={18} />
        <input
          type="search"
          className="input"
          value={query}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="users-search"
        />
      </div>
      {list.length === 0 ? (
        <p className="user-list__empty" data-testid="user-list-empty">
          {query
            ? t('list.no_match')
            : shown === 'added'
              ? t('contacts:empty.added')
              : shown === 'blocked'
                ? t('contacts:empty.blocked')
                : t('list.empty')}
        </p>
      ) : (
        <ul className="user-list__items">
          {list.map((user) => (
            <li key={user.uid}>
              <NavLink
                to={`/users/${user.uid}`}
                className={({ isActive }) => `user-row${isActive ? ' user-row--active' : ''}`}
                data-testid={`user-item-${user.uid}`}
                data-online={isOnline(user.uid) || undefined}
              >
                <UserAvatar uid={user.uid} size={36} showPresence />
                <span className="user-row__text">
                  <span className="user-row__name">
                    {user.name}
                    {user.uid === selfUid ? <span className="user-row__you"> {t('you')}</span> : null}
                  </span>
                  <span className="user-row__meta">
                    {isOnline(user.uid) ? t('status.online') : t('status.offline')}
                  </span>
                </span>
                {contacts[user.uid] === 'blocked' ? (
                  <span className="role-badge role-badge--blocked" data-testid="user-blocked-badge">
                    {t('contacts:badge.blocked')}
                  </span>
                ) : null}
                {user.is_bot ? (
                  <span className="role-badge role-badge--bot">{t('role.bot')}</span>
                ) : user.is_admin ? (
                  <span className="role-badge role-badge--admin" data-testid="user-admin-badge">
                    {t('role.admin')}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      {searching ? <UserSearchDialog open onClose={() => setSearching(false)} /> : null}
    </aside>
  );
}
