import type { Group, UserInfo } from '@parley/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector } from '../../lib/store';
import { Button, Checkbox, Modal, TextField } from '../../ui';
import { UserAvatar } from '../users';
import { membersOf, roleOf, sortMembers, type ChannelRights } from '../channels';
import { useSave } from '../settings';

/** The member list (admins first, then bots, SPEC §4), adding, removing and handing over. */
export function ChannelMembers({ group, rights }: { group: Group; rights: ChannelRights }) {
  const { t } = useTranslation(['channels', 'member', 'common']);
  const users = useAppSelector((state) => state.users.byId);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const members = useMemo(() => sortMembers(membersOf(group, users), currentLanguage()), [group, users]);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'remove' | 'transfer'; user: UserInfo } | null>(null);
  const { busy, run } = useSave();
  const gid = group.gid;

  const act = () => {
    if (!confirm) return;
    const { kind, user } = confirm;
    void run(() =>
      kind === 'remove'
        ? call('removeMembers', { params: { gid }, body: [user.uid] })
        : call('updateGroup', { params: { gid }, body: { owner: user.uid } }),
    ).then((ok) => ok && setConfirm(null));
  };

  return (
    <section className="channel-card" aria-labelledby="channel-members-heading">
      <div className="channel-card__head">
        <h2 id="channel-members-heading">
          {t('channels:members.heading')} <span className="channel-count">{members.length}</span>
        </h2>
        {rights.addMembers ? (
          <Button small onClick={() => setAdding(true)} data-testid="members-add-open">
            {t('channels:members.add')}
          </Button>
        ) : null}
      </div>
      {group.is_public ? <p className="channel-muted">{t('channels:members.public_note')}</p> : null}
      <ul className="channel-members" data-testid="channel-members">
        {members.map((user) => {
          const role = roleOf(user);
          const isOwner = group.owner === user.uid;
          return (
            <li key={user.uid} className="channel-member" data-testid={`channel-member-${user.uid}`}>
              <UserAvatar uid={user.uid} size={32} showPresence />
              <span className="channel-member__name">
                {user.name}
                {group.show_email && user.email ? (
                  <span className="channel-member__email">{user.email}</span>
                ) : null}
              </span>
              {role === 'member' ? null : (
                <span className={`role-badge role-badge--${role}`}>
                  {role === 'admin' ? t('member:role.admin') : t('member:role.bot')}
                </span>
              )}
              {isOwner ? <span className="role-badge">{t('member:role.owner')}</span> : null}
              {!isOwner && rights.transfer && !group.is_public && user.uid !== selfUid ? (
                <Button
                  variant="ghost"
                  small
                  disabled={busy}
                  onClick={() => setConfirm({ kind: 'transfer', user })}
                  data-testid={`member-transfer-${user.uid}`}
                >
                  {t('channels:members.transfer')}
                </Button>
              ) : null}
              {!isOwner && rights.manage && !group.is_public && user.uid !== selfUid ? (
                <Button
                  variant="danger"
                  small
                  disabled={busy}
                  onClick={() => setConfirm({ kind: 'remove', user })}
                  data-testid={`member-remove-${user.uid}`}
                >
                  {t('channels:members.remove')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {adding ? <AddMembersDialog group={group} onClose={() => setAdding(false)} /> : null}
      <Modal
        open={confirm !== null}
        title={
          confirm?.kind === 'transfer'
            ? t('channels:members.transfer_title')
            : t('channels:members.remove_title')
        }
        description={
          confirm?.kind === 'transfer'
            ? t('channels:members.transfer_confirm', { name: confirm.user.name, channel: group.name })
            : t('channels:members.remove_confirm', { name: confirm?.user.name ?? '', channel: group.name })
        }
        onClose={() => setConfirm(null)}
        closeLabel={t('common:actions.close')}
        busy={busy}
        testId="member-confirm"
        footer={
          <>
            <Button variant="cancel" disabled={busy} onClick={() => setConfirm(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              variant={confirm?.kind === 'remove' ? 'danger' : 'primary'}
              loading={busy}
              onClick={act}
              data-testid="member-confirm-ok"
            >
              {confirm?.kind === 'transfer' ? t('channels:members.transfer') : t('channels:members.remove')}
            </Button>
          </>
        }
      >
        {null}
      </Modal>
    </section>
  );
}

function AddMembersDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t } = useTranslation(['channels', 'common']);
  const users = useAppSelector((state) => state.users.byId);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const { busy, run } = useSave();
  const candidates = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    return Object.values(users)
      .filter((u) => !group.members.includes(u.uid) && u.create_by !== 'guest')
      .filter((u) => !needle || u.name.toLocaleLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name, currentLanguage()));
  }, [users, group.members, filter]);
  const toggle = (uid: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });
  const add = () =>
    void run(() => call('addMembers', { params: { gid: group.gid }, body: [...chosen] })).then(
      (ok) => ok && onClose(),
    );
  return (
    <Modal
      open
      title={t('channels:members.add_title', { channel: group.name })}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
      busy={busy}
      testId="members-add-dialog"
      footer={
        <>
          <Button variant="cancel" disabled={busy} onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button disabled={chosen.size === 0} loading={busy} onClick={add} data-testid="members-add-confirm">
            {t('channels:members.add_count', { count: chosen.size })}
          </Button>
        </>
      }
    >
      <TextField
        label={t('channels:members.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        autoFocus
      />
      {candidates.length === 0 ? (
        <p className="channel-muted">{t('channels:members.nobody')}</p>
      ) : (
        <ul className="channel-add-list">
          {candidates.map((u) => (
            <li key={u.uid}>
              <Checkbox
                label={u.name}
                checked={chosen.has(u.uid)}
                onChange={() => toggle(u.uid)}
                data-testid={`members-add-${u.uid}`}
              />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
