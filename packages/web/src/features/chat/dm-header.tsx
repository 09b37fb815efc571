import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector, userConv } from '../../lib/store';
import { ConversationSettingsButton } from '../conversations';
import { UserAvatar, useIsOnline, useUserName } from '../users';
import { BackLink } from './back-link';

export function DmHeader({ uid }: { uid: number }) {
  const { t } = useTranslation('chat');
  const name = useUserName(uid);
  const online = useIsOnline(uid);
  const isSelf = useAppSelector((state) => state.auth?.user.uid === uid);
  return (
    <header className="conversation-header" data-testid="dm-header">
      <BackLink to="/chat" />
      <UserAvatar uid={uid} size={32} showPresence />
      <div className="conversation-header__titles">
        <h1 className="conversation-header__title">
          <Link to={`/users/${uid}`} className="conversation-header__link">
            {name}
          </Link>
        </h1>
        <p className="conversation-header__subtitle">
          {isSelf ? t('dm.notes_to_self') : online ? t('dm.online') : t('dm.offline')}
        </p>
      </div>
      <ConversationSettingsButton conv={userConv(uid)} />
    </header>
  );
}
