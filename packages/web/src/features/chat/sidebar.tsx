import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import { groupConv, isMuted, useAppSelector, userConv, type ConvKey } from '../../lib/store';
import { BellOffIcon, PinIcon, useNow } from '../conversations';
import { HashIcon, IconButton, LockIcon, MailIcon, PlusIcon, Spinner, UnreadBadge } from '../../ui';
import { loadCreateChannelDialog } from '../channels';
import { isEmbedded, UserMenu } from '../settings';
import { UserAvatar, useUserName } from '../users';
import { buildChannelEntries, buildDmEntries, type DmEntry } from './conversation-list';
import { InviteDialog } from './invite-dialog';
import { MentionBadge } from './mention-badge';
import { useUnreadBackfill } from './unread-backfill';

const CreateChannelDialog = lazy(async () => ({
  default: (await loadCreateChannelDialog()).CreateChannelDialog,
}));

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `sidebar-item${isActive ? ' sidebar-item--active' : ''}`;

function DmItem({ entry }: { entry: DmEntry }) {
  const { t } = useTranslation('chat');
  const name = useUserName(entry.uid);
  const selfUid = useAppSelector((state) => state.auth?.user.uid);
  return (
    <li>
      <NavLink to={`/chat/dm/${entry.uid}`} className={itemClass} data-testid={`dm-item-${entry.uid}`}>
        <UserAvatar uid={entry.uid} size={24} showPresence />
        <span className="sidebar-item__name">
          {name}
          {entry.uid === selfUid ? <span className="sidebar-item__suffix"> {t('sidebar.you')}</span> : null}
        </span>
        <MentionBadge count={entry.mentions} />
        <ConversationMarks pinned={entry.pinnedAt > 0} muted={entry.muted} />
        <UnreadBadge count={entry.unread} label={t('sidebar.unread', { count: entry.unread })} />
      </NavLink>
    </li>
  );
}

/** Pinned and muted marks of a sidebar entry. */
function ConversationMarks({ pinned, muted }: { pinned: boolean; muted: boolean }) {
  const { t } = useTranslation(['conversation']);
  if (!pinned && !muted) return null;
  return (
    <span className="sidebar-item__marks">
      {pinned ? (
        <span title={t('conversation:pinned')} data-testid="sidebar-pinned">
          <PinIcon size={14} />
          <span className="visually-hidden">{t('conversation:pinned')}</span>
        </span>
      ) : null}
      {muted ? (
        <span title={t('conversation:muted')} data-testid="sidebar-muted">
          <BellOffIcon size={14} />
          <span className="visually-hidden">{t('conversation:muted')}</span>
        </span>
      ) : null}
    </span>
  );
}

export function Sidebar({ activeConv }: { activeConv: ConvKey | null }) {
  const { t } = useTranslation(['chat', 'common']);
  const serverName = useAppSelector((state) => state.server.name);
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const groups = useAppSelector((state) => state.groups.byId);
  const groupsLoaded = useAppSelector((state) => state.groups.loaded);
  const convs = useAppSelector((state) => state.messages.convs);
  const byMid = useAppSelector((state) => state.messages.byMid);
  const reads = useAppSelector((state) => state.reads);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const chatSettings = useAppSelector((state) => state.chatSettings);
  const [creating, setCreating] = useState(false);
  // Once loaded the dialog stays mounted (closed), so it keeps its state between openings as before.
  const [createLoaded, setCreateLoaded] = useState(false);
  if (creating && !createLoaded) setCreateLoaded(true);
  const [inviting, setInviting] = useState(false);
  const openUid = activeConv?.startsWith('u:') ? Number(activeConv.slice(2)) : null;

  const now = useNow();
  const input = useMemo(() => {
    const settings = {
      pins: chatSettings.pins,
      isMuted: (key: ConvKey) => isMuted(chatSettings, key, now),
    };
    return { convs, byMid, reads, selfUid, settings };
  }, [convs, byMid, reads, selfUid, chatSettings, now]);
  const channels = useMemo(() => buildChannelEntries(groups, input, currentLanguage()), [groups, input]);
  const dms = useMemo(() => buildDmEntries(input, openUid), [input, openUid]);
  const backfill = useMemo(
    () => [
      ...channels.map((c) => ({
        conv: groupConv(c.gid),
        unread: c.unread,
        readMid: reads.groups[c.gid] ?? 0,
      })),
      ...dms.map((d) => ({ conv: userConv(d.uid), unread: d.unread, readMid: reads.users[d.uid] ?? 0 })),
    ],
    [channels, dms, reads],
  );
  const settled = useUnreadBackfill(backfill);

  return (
    // `data-settled`: every unread count is complete (the backfill above has nothing left to load),
    // so tools and tests can read counts that will not grow by themselves.
    <aside className="sidebar" aria-label={t('sidebar.label')} data-settled={settled || undefined}>
      <header className="sidebar__header">
        <h1 className="sidebar__title" title={serverName}>
          {serverName || 'Parley'}
        </h1>
        {isAdmin ? (
          <IconButton
            label={t('sidebar.invite')}
            onClick={() => setInviting(true)}
            data-testid="invite-people-button"
          >
            <MailIcon />
          </IconButton>
        ) : null}
        {/* `?embed=1` has no rail, so its account menu (settings, logout) lives here. */}
        {isEmbedded() ? (
          <div className="sidebar__account">
            <UserMenu />
          </div>
        ) : null}
      </header>
      <nav className="sidebar__scroll" aria-label={t('sidebar.conversations')}>
        <section className="sidebar__section" aria-labelledby="sidebar-channels">
          <div className="sidebar__section-header">
            <h2 id="sidebar-channels">{t('sidebar.channels')}</h2>
            <IconButton
              label={t('create_channel.title')}
              onClick={() => setCreating(true)}
              data-testid="create-channel-button"
            >
              <PlusIcon size={18} />
            </IconButton>
          </div>
          {!groupsLoaded && channels.length === 0 ? (
            <div className="sidebar__loading">
              <Spinner size={16} label={t('common:status.loading')} />
            </div>
          ) : channels.length === 0 ? (
            <p className="sidebar__empty">{t('sidebar.no_channels')}</p>
          ) : (
            <ul className="sidebar__list">
              {channels.map((channel) => (
                <li key={channel.gid}>
                  <NavLink
                    to={`/chat/channel/${channel.gid}`}
                    className={itemClass}
                    data-testid={`channel-item-${channel.gid}`}
                  >
                    <span className="sidebar-item__sigil" aria-hidden="true">
                      {channel.isPublic ? <HashIcon size={17} /> : <LockIcon size={16} />}
                    </span>
                    <span className="sidebar-item__name" title={channel.name}>
                      {channel.name}
                      {channel.isPublic ? null : (
                        <span className="visually-hidden"> ({t('channel.private')})</span>
                      )}
                    </span>
                    <MentionBadge count={channel.mentions} />
                    <ConversationMarks pinned={channel.pinnedAt > 0} muted={channel.muted} />
                    <UnreadBadge
                      count={channel.unread}
                      label={t('sidebar.unread', { count: channel.unread })}
                    />
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="sidebar__section" aria-labelledby="sidebar-dms">
          <div className="sidebar__section-header">
            <h2 id="sidebar-dms">{t('sidebar.direct_messages')}</h2>
            <Link
              to="/users"
              className="icon-btn"
              aria-label={t('sidebar.new_dm')}
              title={t('sidebar.new_dm')}
              data-testid="new-dm-link"
            >
              <PlusIcon size={18} />
            </Link>
          </div>
          {dms.length === 0 ? (
            <p className="sidebar__empty">{t('sidebar.no_dms')}</p>
          ) : (
            <ul className="sidebar__list">
              {dms.map((entry) => (
                <DmItem key={entry.uid} entry={entry} />
              ))}
            </ul>
          )}
        </section>
      </nav>
      {createLoaded ? (
        <Suspense fallback={null}>
          <CreateChannelDialog open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
      {isAdmin ? <InviteDialog open={inviting} onClose={() => setInviting(false)} /> : null}
    </aside>
  );
}
