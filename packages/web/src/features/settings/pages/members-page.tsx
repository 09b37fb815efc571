import type { AdminUser } from '@parley/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminListUsers } from '../../../lib/api';
import { useAppSelector } from '../../../lib/store';
import { Button, PlusIcon, Spinner, TextField } from '../../../ui';
import { CreateMemberModal } from './create-member-modal';
import { InviteEmailModal } from './invite-email-modal';
import { MemberRow } from './member-row';

/** Settings › Members: every account, searchable, with the administrator's actions on each. */
export function MembersPage() {
  const { t } = useTranslation(['admin', 'invites']);
  const selfUid = useAppSelector((state) => state.auth?.user.uid);
  const [members, setMembers] = useState<AdminUser[] | null>(null);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [inviting, setInviting] = useState(false);

  useEffect(() => {
    let active = true;
    adminListUsers()
      .then((list) => active && setMembers(list))
      .catch(() => active && setMembers([]));
    return () => {
      active = false;
    };
  }, []);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const people = (members ?? []).filter((m) => !m.is_bot);
    if (!q) return people;
    return people.filter(
      (m) => m.name.toLowerCase().includes(q) || (m.email ?? '').toLowerCase().includes(q),
    );
  }, [members, query]);

  const replace = (next: AdminUser) =>
    setMembers((list) => list?.map((m) => (m.uid === next.uid ? next : m)) ?? null);
  const remove = (uid: number) => setMembers((list) => list?.filter((m) => m.uid !== uid) ?? null);

  return (
    <section className="admin-page" data-testid="members-page" aria-labelledby="members-title">
      <div className="admin-row">
        <h2 id="members-title">{t('members.title')}</h2>
        <span className="admin-tag">{t('members.count', { count: shown.length })}</span>
        <Button icon={<PlusIcon size={18} />} onClick={() => setCreating(true)} data-testid="members-create">
          {t('members.create')}
        </Button>
        <Button variant="ghost" onClick={() => setInviting(true)} data-testid="members-invite-email">
          {t('invites:email.open')}
        </Button>
      </div>
      <TextField
        label={t('members.search')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        data-testid="members-search"
      />
      {members === null ? (
        <Spinner />
      ) : (
        <ul className="admin-table" data-testid="members-list">
          {shown.map((member) => (
            <MemberRow
              key={member.uid}
              member={member}
              isSelf={member.uid === selfUid}
              onChanged={replace}
              onDeleted={() => remove(member.uid)}
            />
          ))}
        </ul>
      )}
      {creating ? (
        <CreateMemberModal
          onClose={() => setCreating(false)}
          onCreated={(user) => setMembers((list) => [...(list ?? []), user])}
        />
      ) : null}
      {inviting ? <InviteEmailModal onClose={() => setInviting(false)} /> : null}
    </section>
  );
}
