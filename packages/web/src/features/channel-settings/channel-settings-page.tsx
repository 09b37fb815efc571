import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { groupConv, useAppSelector } from '../../lib/store';
import { Spinner } from '../../ui';
import { SettingsBack } from './settings-back';
import { ChannelDanger } from './channel-danger';
import { ChannelMembers } from './channel-members';
import { ChannelOverview } from './channel-overview';
import { RetentionSetting } from '../governance';
import { channelRights } from '../channels';
import './channel-settings.css';

const ConversationSettingsPanel = lazy(async () => ({
  default: (await import('../conversations/conversation-settings')).ConversationSettingsPanel,
}));

const TABS = ['overview', 'members', 'personal'] as const;
type Tab = (typeof TABS)[number];

/** `/setting/channel/:gid/:nav?` (SPEC §2): overview, members, and the user's own settings for it. */
export function ChannelSettingsPage() {
  const { t } = useTranslation(['channels', 'chat']);
  const params = useParams();
  const gid = Number(params.gid);
  const tab: Tab = (TABS as readonly string[]).includes(params.nav ?? '') ? (params.nav as Tab) : 'overview';
  const group = useAppSelector((state) => state.groups.byId[gid]);
  const loaded = useAppSelector((state) => state.groups.loaded);
  const self = useAppSelector((state) => state.auth?.user);
  if (!group) {
    return (
      <main className="channel-settings" data-testid="channel-settings-missing">
        <SettingsBack to="/chat" />
        {loaded ? (
          <p className="channel-muted">{t('chat:channel.not_found')}</p>
        ) : (
          <Spinner label={t('chat:channel.loading')} />
        )}
      </main>
    );
  }
  const rights = channelRights(group, self);
  const isOwner = !group.is_public && group.owner === self?.uid;
  return (
    <main className="channel-settings" data-testid="channel-settings" data-gid={gid}>
      <header className="channel-settings__header">
        <SettingsBack to={`/chat/channel/${gid}`} />
        <div>
          <h1>{t('channels:title', { name: group.name })}</h1>
          <p className="channel-muted">
            {group.is_public ? t('channels:visibility.public') : t('channels:visibility.private')}
          </p>
        </div>
      </header>
      <nav className="channel-tabs" aria-label={t('channels:tabs.label')}>
        {TABS.map((name) => (
          <NavLink
            key={name}
            to={`/setting/channel/${gid}/${name}`}
            className={() =>
              ['channel-tab', name === tab ? 'channel-tab--active' : null].filter(Boolean).join(' ')
            }
            aria-current={name === tab ? 'page' : undefined}
            data-testid={`channel-tab-${name}`}
          >
            {t(`channels:tabs.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'overview' ? (
        <>
          <ChannelOverview group={group} rights={rights} />
          {self?.is_admin ? <RetentionSetting gid={gid} /> : null}
          <ChannelDanger group={group} rights={rights} isOwner={isOwner} />
        </>
      ) : tab === 'members' ? (
        <ChannelMembers group={group} rights={rights} />
      ) : (
        <section className="channel-card">
          <h2>{t('channels:tabs.personal')}</h2>
          <Suspense fallback={<Spinner label={t('chat:channel.loading')} />}>
            <ConversationSettingsPanel conv={groupConv(gid)} />
          </Suspense>
        </section>
      )}
    </main>
  );
}
