import type { Group } from '@parley/protocol';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector } from '../../lib/store';
import { CloseIcon, IconButton } from '../../ui';
import { UserAvatar } from '../users';
import './channels.css';
import { membersOf, roleOf, sortMembers } from './member-order';

interface MembersPanelProps {
  id: string;
  group: Group;
  onClose: () => void;
}

export function MembersPanel({ id, group, onClose }: MembersPanelProps) {
  const { t } = useTranslation(['member', 'common']);
  const users = useAppSelector((state) => state.users.byId);
  const members = useMemo(() => sortMembers(membersOf(group, users), currentLanguage()), [group, users]);
  return (
    <aside id={id} className="members-panel" aria-label={t('panel.title')} data-testid="members-panel">
      <header className="members-panel__header">
        <h2>{t('panel.title')}</h2>
        <span className="members-panel__count">{members.length}</span>
        <IconButton label={t('common:actions.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </header>
      <ul className="members-panel__list">
        {members.map((user) => {
          const role = roleOf(user);
          return (
            <li key={user.uid}>
              <Link to={`/users/${user.uid}`} className="member-row" data-testid={`member-${user.uid}`}>
                <UserAvatar uid={user.uid} size={30} showPresence />
                <span className="member-row__name">{user.name}</span>
                {role === 'member' ? null : (
                  <span className={`role-badge role-badge--${role}`}>
                    {role === 'admin' ? t('role.admin') : t('role.bot')}
                  </span>
                )}
                {group.owner === user.uid ? <span className="role-badge">{t('role.owner')}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
