import { LIMITS } from '@parley/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteByEmail } from '../../../lib/api';
import { LANGUAGES } from '../../../lib/i18n/languages';
import { useAppSelector } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { Checkbox, SelectField, TextField } from '../../../ui';
import { FormModal } from './form-modal';
import './invite-email-modal.css';

const DAYS = [1, 7, 30] as const;
const ERRORS = { 409: 'invites:email.taken', 503: 'invites:email.no_mail' } as const;

/** Settings › Members: mails a single-use sign-up link that joins the private channels chosen. */
export function InviteEmailModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation(['invites', 'admin']);
  const groups = useAppSelector((state) => state.groups.byId);
  const privateChannels = useMemo(
    () =>
      Object.values(groups)
        .filter((g) => !g.is_public)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [groups],
  );
  const [email, setEmail] = useState('');
  const [gids, setGids] = useState<number[]>([]);
  const [language, setLanguage] = useState(() => i18n.resolvedLanguage?.split('-')[0] ?? 'en');
  const [days, setDays] = useState<(typeof DAYS)[number]>(7);

  const toggle = (gid: number, on: boolean) =>
    setGids((list) => (on ? [...list, gid] : list.filter((g) => g !== gid)));

  const submit = async () => {
    const address = email.trim();
    await inviteByEmail({ email: address, gids, language, expired_in: days * 24 * 3600 }, ERRORS);
    toast.success(t('email.sent', { email: address }));
  };

  return (
    <FormModal
      title={t('email.title')}
      testId="invite-email"
      submitLabel={t('email.send')}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>{t('email.hint')}</p>
      <TextField
        label={t('email.address')}
        type="email"
        value={email}
        required
        maxLength={LIMITS.inviteEmailMaxLength}
        onChange={(e) => setEmail(e.target.value)}
        data-testid="invite-email-address"
      />
      <fieldset className="invite-channels" data-testid="invite-email-channels">
        <legend className="invite-channels__legend">{t('email.channels')}</legend>
        {privateChannels.length === 0 ? <p>{t('email.no_channels')}</p> : null}
        {privateChannels.map((g) => (
          <Checkbox
            key={g.gid}
            label={g.name}
            checked={gids.includes(g.gid)}
            onChange={(e) => toggle(g.gid, e.target.checked)}
          />
        ))}
      </fieldset>
      <SelectField
        label={t('email.language')}
        value={language}
        onChange={(e) => setLanguage(e.target.value)}
        data-testid="invite-email-language"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('email.expires')}
        value={String(days)}
        onChange={(e) => setDays(Number(e.target.value) as (typeof DAYS)[number])}
        data-testid="invite-email-expiry"
      >
        {DAYS.map((d) => (
          <option key={d} value={d}>
            {t(`email.days_${d}`)}
          </option>
        ))}
      </SelectField>
    </FormModal>
  );
}
