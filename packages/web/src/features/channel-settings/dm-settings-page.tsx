import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppSelector, userConv } from '../../lib/store';
import { Spinner } from '../../ui';
import { SettingsBack } from './settings-back';
import { UserAvatar, useUserName } from '../users';
import './channel-settings.css';

const ConversationSettingsPanel = lazy(async () => ({
  default: (await import('../conversations/conversation-settings')).ConversationSettingsPanel,
}));

/** `/setting/dm/:uid/:nav?` (SPEC §2): the person, and mute, pin, auto-delete, contact and block. */
export function DmSettingsPage() {
  const { t } = useTranslation(['channels', 'chat']);
  const uid = Number(useParams().uid);
  const user = useAppSelector((state) => state.users.byId[uid]);
  const name = useUserName(uid);
  if (!user) {
    return (
      <main className="channel-settings" data-testid="dm-settings-missing">
        <SettingsBack to="/chat" />
        <p className="channel-muted">{t('channels:dm.not_found')}</p>
      </main>
    );
  }
  return (
    <main className="channel-settings" data-testid="dm-settings" data-uid={uid}>
      <header className="channel-settings__header">
        <SettingsBack to={`/chat/dm/${uid}`} />
        <UserAvatar uid={uid} size={48} showPresence />
        <div>
          <h1>{t('channels:dm.title', { name })}</h1>
          <p className="channel-muted">
            <Link to={`/users/${uid}`}>{t('channels:dm.profile')}</Link>
          </p>
        </div>
      </header>
      <section className="channel-card">
        <Suspense fallback={<Spinner label={t('chat:channel.loading')} />}>
          <ConversationSettingsPanel conv={userConv(uid)} />
        </Suspense>
      </section>
    </main>
  );
}
