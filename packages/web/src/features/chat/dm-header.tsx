import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector, userConv } from '../../lib/store';
import { ConversationSettingsButton } from '../conversations';
import { InfoIcon } from '../../ui';
import { UserAvatar, useIsOnline, useUserName } from '../users';
import { CallButton } from '../voice';
import { BackLink } from './back-link';

export function DmHeader({ uid }: { uid: number }) {
  const { t } = useTranslation(['chat', 'channels']);
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
          {isSelf ? t('chat:dm.notes_to_self') : online ? t('chat:dm.online') : t('chat:dm.offline')}
        </p>
      </div>
      {isSelf ? null : <CallButton uid={uid} />}
      <ConversationSettingsButton conv={userConv(uid)} />
      <Link
        to={`/setting/dm/${uid}`}
        className="icon-btn"
        aria-label={t('channels:header.dm_settings')}
        title={t('channels:header.dm_settings')}
        data-testid="dm-settings-link"
      >
        <InfoIcon size={18} />
      </Link>
    </header>
  );
}
