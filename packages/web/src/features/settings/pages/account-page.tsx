import { LIMITS } from '@parley/protocol';
import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeMyPassword, setMyAvatar, updateMe } from '../../../lib/api';
import { LANGUAGES, currentLanguage, i18n } from '../../../lib/i18n';
import { savePreferences } from '../../../lib/preferences/sync';
import { useAppSelector } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { Button, SelectField, TextField } from '../../../ui';
import { useImageCrop } from '../../image-crop';
import { saveWithToast, useSave } from '../settings-save';
import { UserAvatar } from '../../users';
import { EmailSection } from '../../email-change';

/** Two-factor sign-in, below the password (loaded with this page, not before). */
const TwoFactorSection = lazy(async () => ({
  default: (await (await import('../../two-factor')).loadSecurityPage()).SecurityPage,
}));

/** Settings › My account: name, avatar, language and password of whoever is signed in. */
export function AccountPage() {
  const { t } = useTranslation('admin');
  const user = useAppSelector((state) => state.auth?.user);
  const [name, setName] = useState(user?.name ?? '');
  const { busy, run } = useSave({ saved: t('saved') });
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const crop = useImageCrop((image, square) => {
    void saveWithToast(() => setMyAvatar(image, square), { saved: t('saved') });
  });
  if (!user) return null;
  const guest = user.create_by === 'guest';

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    await run(() => updateMe({ name: name.trim() }));
  };
  const changeLanguage = async (language: string) => {
    await i18n.loadLanguages(language);
    await savePreferences({ language });
    if (!guest) await updateMe({ language }).catch(() => undefined);
  };
  const uploadAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) crop.pick(file);
  };
  const changePassword = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== repeat) return toast.error(t('account.mismatch'));
    await saveWithToast(
      async () => {
        await changeMyPassword(oldPassword, newPassword);
        setOldPassword('');
        setNewPassword('');
        setRepeat('');
      },
      { saved: t('account.password_changed') },
    );
  };

  return (
    <section className="admin-page" data-testid="account-page" aria-labelledby="account-title">
      <h2 id="account-title">{t('account.title')}</h2>
      <div className="admin-card">
        <div className="admin-row">
          <UserAvatar uid={user.uid} size={64} />
          {!guest ? (
            <label className="btn btn--ghost">
              {t('account.avatar_upload')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                className="visually-hidden"
                onChange={uploadAvatar}
                data-testid="account-avatar-input"
              />
            </label>
          ) : null}
          {crop.dialog}
        </div>
        <form onSubmit={saveName} style={{ display: 'grid', gap: 12 }}>
          <TextField
            label={t('account.name')}
            value={name}
            required
            maxLength={LIMITS.nameMaxLength}
            disabled={guest}
            onChange={(e) => setName(e.target.value)}
            data-testid="account-name"
          />
          <TextField label={t('account.email')} value={user.email ?? ''} readOnly disabled />
          {!guest ? (
            <div className="admin-row">
              <Button type="submit" loading={busy}>
                {t('save')}
              </Button>
            </div>
          ) : null}
        </form>
        <SelectField
          label={t('account.language')}
          value={currentLanguage()}
          onChange={(e) => void changeLanguage(e.target.value)}
          data-testid="account-language"
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.label}
            </option>
          ))}
        </SelectField>
      </div>
      {!guest ? <EmailSection /> : null}
      {!guest ? (
        <form className="admin-card" onSubmit={changePassword}>
          <h3>{t('account.password_title')}</h3>
          <TextField
            label={t('account.old_password')}
            type="password"
            autoComplete="current-password"
            required
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
          />
          <TextField
            label={t('account.new_password')}
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <TextField
            label={t('account.confirm_password')}
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
          <div className="admin-row">
            <Button type="submit">{t('account.password_title')}</Button>
          </div>
        </form>
      ) : null}
      {!guest ? (
        <Suspense fallback={null}>
          <TwoFactorSection />
        </Suspense>
      ) : null}
    </section>
  );
}
