import { LIMITS, type AdminUser } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCreateUser } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Checkbox, TextField } from '../../../ui';
import { FormModal } from './form-modal';

/** A new member with a password the administrator hands over. */
export function CreateMemberModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (u: AdminUser) => void;
}) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const submit = async () => {
    // A taken address (409) is shown by the request layer.
    const user = await adminCreateUser({
      name: name.trim(),
      email: email.trim(),
      password,
      gender: 0,
      is_admin: isAdmin,
    });
    onCreated(user);
    toast.success(t('members.created', { name: user.name }));
  };

  return (
    <FormModal
      title={t('members.create_title')}
      testId="create-member"
      submitLabel={t('members.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('members.name')}
        value={name}
        required
        maxLength={LIMITS.nameMaxLength}
        onChange={(e) => setName(e.target.value)}
        data-testid="create-member-name"
      />
      <TextField
        label={t('members.email')}
        type="email"
        value={email}
        required
        onChange={(e) => setEmail(e.target.value)}
        data-testid="create-member-email"
      />
      <TextField
        label={t('members.password')}
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        data-testid="create-member-password"
      />
      <Checkbox
        label={t('members.make_admin')}
        checked={isAdmin}
        onChange={(e) => setIsAdmin(e.target.checked)}
      />
    </FormModal>
  );
}
