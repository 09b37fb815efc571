import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../lib/store';
import { BackIcon, Button, ChatIcon } from '../../ui';
import { ContactButtons } from './contact-buttons';
import { UserAvatar } from './user-avatar';
import { useIsOnline, useUser } from './use-user';

export function UserDetail({ uid }: { uid: number }) {
  const { t } = useTranslation(['member', 'common']);
  const navigate = useNavigate();
  const user = useUser(uid);
  const online = useIsOnline(uid);
  const isSelf = useAppSelector((state) => state.auth?.user.uid === uid);
  const loaded = useAppSelector((state) => Object.keys(state.users.byId).length > 0);
  const isGuest = useAppSelector((state) => state.auth?.user.create_by === 'guest');

  return (
    <section className="user-detail" aria-labelledby="user-detail-name" data-testid="user-detail">
      <header className="user-detail__header">
        <Link
          to="/users"
          className="icon-btn back-link"
          aria-label={t('common:actions.back')}
          title={t('common:actions.back')}
        >
          <BackIcon />
        </Link>
        <span className="user-detail__header-title" title={user?.name}>
          {user?.name}
        </span>
      </header>
      {user ? (
        <div className="user-detail__profile">
          <div className="user-detail__banner" aria-hidden="true" />
          <div className="user-detail__avatar">
            <UserAvatar uid={uid} size={96} showPresence />
          </div>
          <h1 id="user-detail-name" className="user-detail__name">
            {user.name}
          </h1>
          <p className="user-detail__status">{online ? t('status.online') : t('status.offline')}</p>
          <div className="user-detail__badges">
            {user.is_bot ? <span className="role-badge role-badge--bot">{t('role.bot')}</span> : null}
            {user.is_admin && !user.is_bot ? (
              <span className="role-badge role-badge--admin">{t('role.admin')}</span>
            ) : null}
            {isSelf ? <span className="role-badge">{t('you')}</span> : null}
          </div>
          <dl className="user-detail__facts">
            {user.email ? (
              <>
                <dt>{t('detail.email')}</dt>
                <dd>
                  <a href={`mailto:${user.email}`}>{user.email}</a>
                </dd>
              </>
            ) : null}
          </dl>
          <Button
            icon={<ChatIcon size={18} />}
            onClick={() => void navigate(`/chat/dm/${uid}`)}
            data-testid="user-send-message"
          >
            {isSelf ? t('detail.note_to_self') : t('detail.send_message')}
          </Button>
          {isSelf || isGuest || user.is_bot ? null : <ContactButtons uid={uid} />}
        </div>
      ) : (
        <p className="user-detail__missing" id="user-detail-name">
          {loaded ? t('detail.not_found') : t('common:status.loading')}
        </p>
      )}
    </section>
  );
}
