import type { Group } from '@parley/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { groupConv, useAppSelector } from '../../lib/store';
import { ConversationSettingsButton } from '../conversations';
import { Link } from 'react-router';
import { HashIcon, InfoIcon, LockIcon, UsersIcon } from '../../ui';
import { memberCount } from './member-order';

interface ChannelHeaderProps {
  group: Group;
  back: ReactNode;
  membersOpen: boolean;
  onToggleMembers: () => void;
  membersPanelId: string;
  /** More header buttons (e.g. the pinned messages), placed before the members toggle. */
  extra?: ReactNode;
}

export function ChannelHeader({
  group,
  back,
  membersOpen,
  onToggleMembers,
  membersPanelId,
  extra,
}: ChannelHeaderProps) {
  const { t } = useTranslation(['chat', 'channels']);
  const users = useAppSelector((state) => state.users.byId);
  const count = memberCount(group, users);
  return (
    <header className="conversation-header" data-testid="channel-header">
      {back}
      <span className="conversation-header__sigil" aria-hidden="true">
        {group.is_public ? <HashIcon /> : <LockIcon />}
      </span>
      <div className="conversation-header__titles">
        <h1 className="conversation-header__title" data-testid="channel-name">
          {group.name}
          {group.is_public ? null : <span className="visually-hidden"> ({t('chat:channel.private')})</span>}
        </h1>
        {group.description ? (
          <p
            className="conversation-header__subtitle"
            data-testid="channel-description"
            title={group.description}
          >
            {group.description}
          </p>
        ) : null}
      </div>
      {extra}
      <ConversationSettingsButton conv={groupConv(group.gid)} />
      <Link
        to={`/setting/channel/${group.gid}`}
        className="icon-btn"
        aria-label={t('channels:header.channel_settings')}
        title={t('channels:header.channel_settings')}
        data-testid="channel-settings-link"
      >
        <InfoIcon size={18} />
      </Link>
      <button
        type="button"
        className="members-toggle"
        aria-expanded={membersOpen}
        aria-controls={membersPanelId}
        onClick={onToggleMembers}
        data-testid="members-toggle"
        title={t('chat:channel.members_toggle')}
      >
        <UsersIcon size={18} />
        <span data-testid="channel-member-count">{count}</span>
        <span className="visually-hidden">{t('chat:channel.member_count', { count })}</span>
      </button>
    </header>
  );
}
