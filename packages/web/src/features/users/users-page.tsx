import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UsersIcon } from '../../ui';
import { UserDetail } from './user-detail';
import { UserList } from './user-list';
import './users.css';

export function UsersPage() {
  const { t } = useTranslation('member');
  const { uid } = useParams();
  const selected = uid !== undefined && /^\d+$/.test(uid) ? Number(uid) : null;
  return (
    <div className="users-page" data-view={selected === null ? 'list' : 'detail'}>
      <UserList />
      <main className="users-page__main">
        {selected === null ? (
          <div className="chat-empty">
            <UsersIcon size={40} />
            <h2>{t('list.pick_title')}</h2>
            <p>{t('list.pick_description')}</p>
          </div>
        ) : (
          <UserDetail key={selected} uid={selected} />
        )}
      </main>
    </div>
  );
}
