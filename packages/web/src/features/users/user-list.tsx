import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector } from '../../lib/store';
import { SearchIcon } from '../../ui';
import { filterUsers } from './filter-users';
import { UserAvatar } from './user-avatar';

export function UserList() {
  const { t } = useTranslation('member');
  const users = useAppSelector((state) => state.users.byId);
  const online = useAppSelector((state) => state.users.online);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const streamConnected = useAppSelector((state) => state.stream.status === 'connected');
  const [query, setQuery] = useState('');
  const list = useMemo(() => filterUsers(Object.values(users), query, currentLanguage()), [users, query]);
  const isOnline = (uid: number) => (uid === selfUid ? streamConnected : online[uid] === true);

  return (
    <aside className="user-list" aria-label={t('list.title')}>
      <header className="user-list__header">
        <h1>{t('list.title')}</h1>
        <span className="user-list__count">{t('list.count', { count: Object.keys(users).length })}</span>
      </header>
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
        <p className="user-list__empty">{query ? t('list.no_match') : t('list.empty')}</p>
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
    </aside>
  );
}
