import type { AdminSession, AdminUser, UpdateAdminUserRequest } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminDeleteUser, adminListSessions, adminRevokeSession, adminUpdateUser } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button, TextField } from '../../../ui';
import { ResetTwoFactor } from '../../two-factor';
import { UserAvatar } from '../../users';
import { saveWithToast } from '../settings-save';
import { ConfirmModal } from './confirm-modal';
import { FormModal } from './form-modal';

interface MemberRowProps {
  member: AdminUser;
  isSelf: boolean;
  onChanged: (user: AdminUser) => void;
  onDeleted: () => void;
}

/** One member: who they are, their state, and the actions (role, freeze, password, sessions, delete). */
export function MemberRow({ member, isSelf, onChanged, onDeleted }: MemberRowProps) {
  const { t, i18n } = useTranslation('admin');
  const [dialog, setDialog] = useState<'delete' | 'password' | null>(null);
  const [sessions, setSessions] = useState<AdminSession[] | null>(null);
  const frozen = member.status === 'frozen';

  const update = (body: UpdateAdminUserRequest) =>
    saveWithToast(async () => onChanged(await adminUpdateUser(member.uid, body)), {
      saved: t('saved'),
      toastId: 'admin-saved',
    });
  const toggleSessions = async () => {
    if (sessions) return setSessions(null);
    setSessions(await adminListSessions(member.uid).catch(() => []));
  };
  const revoke = async (device: string) => {
    await adminRevokeSession(member.uid, device).catch(() => undefined);
    setSessions(await adminListSessions(member.uid).catch(() => []));
  };
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language);

  return (
    <li data-testid={`member-${member.uid}`}>
      <div className="admin-member">
        <UserAvatar uid={member.uid} size={36} />
        <div className="admin-member__text">
          <span className="admin-member__name">
            {member.name}
            {isSelf ? ` (${t('members.you')})` : ''}
          </span>
          <span className="admin-member__email">{member.email}</span>
        </div>
        <span className="admin-tag">{member.is_admin ? t('members.admin') : t('members.member')}</span>
        {frozen ? (
          <span className="admin-tag admin-tag--frozen" data-testid="member-frozen">
            {t('members.frozen')}
          </span>
        ) : null}
      </div>
      <div className="admin-row" role="group" aria-label={t('members.actions', { name: member.name })}>
        <Button
          small
          variant="ghost"
          onClick={() => void update({ is_admin: !member.is_admin })}
          data-testid="member-role"
        >
          {member.is_admin ? t('members.make_user_action') : t('members.make_admin_action')}
        </Button>
        {!isSelf ? (
          <Button
            small
            variant="ghost"
            onClick={() => void update({ status: frozen ? 'normal' : 'frozen' })}
            data-testid="member-freeze"
          >
            {frozen ? t('members.unfreeze') : t('members.freeze')}
          </Button>
        ) : null}
        <Button small variant="ghost" onClick={() => setDialog('password')} data-testid="member-password">
          {t('members.reset_password')}
        </Button>
        <Button
          small
          variant="ghost"
          aria-expanded={sessions !== null}
          onClick={() => void toggleSessions()}
          data-testid="member-sessions"
        >
          {t('members.sessions')}
        </Button>
        {!member.is_bot ? <ResetTwoFactor uid={member.uid} name={member.name} /> : null}
        {!isSelf && member.uid !== 1 ? (
          <Button small variant="danger" onClick={() => setDialog('delete')} data-testid="member-delete">
            {t('members.delete')}
          </Button>
        ) : null}
      </div>
      {sessions ? (
        sessions.length === 0 ? (
          <p className="admin-page__text">{t('members.no_sessions')}</p>
        ) : (
          <ul className="admin-table" data-testid="member-session-list">
            {sessions.map((s) => (
              <li key={s.device} className="admin-row">
                <span className="admin-member__text">
                  <span className="admin-member__name">{s.device}</span>
                  <span className="admin-member__email">
                    {t('members.since', { date: date(s.created_at) })}
                  </span>
                </span>
                <Button small variant="ghost" onClick={() => void revoke(s.device)}>
                  {t('members.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmModal
          title={t('members.delete')}
          text={t('members.delete_confirm', { name: member.name })}
          confirmLabel={t('members.delete')}
          testId="delete-member"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await adminDeleteUser(member.uid);
            toast.success(t('members.deleted', { name: member.name }));
            onDeleted();
          }}
        />
      ) : null}
      {dialog === 'password' ? <PasswordModal member={member} onClose={() => setDialog(null)} /> : null}
    </li>
  );
}

function PasswordModal({ member, onClose }: { member: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [password, setPassword] = useState('');
  const submit = async () => {
    await adminUpdateUser(member.uid, { password });
    toast.success(t('members.password_reset', { name: member.name }));
  };
  return (
    <FormModal
      title={t('members.reset_password')}
      description={member.name}
      testId="reset-password"
      submitLabel={t('save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('members.new_password')}
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        data-testid="reset-password-input"
      />
    </FormModal>
  );
}
