import {
  LIMITS,
  type LoginConfig,
  type SystemCommon,
  type UpdateSystemCommonRequest,
} from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getLoginConfig,
  organizationLogoUrl,
  updateLoginConfig,
  updateOrganizationDetails,
  updateSystemCommon,
  uploadOrganizationLogo,
} from '../../../lib/api';
import { useAppSelector } from '../../../lib/store';
import { Button, Checkbox, SelectField, Spinner, TextAreaField, TextField } from '../../../ui';
import { useImageCrop } from '../../image-crop';
import { saveWithToast, useSettingsForm } from '../settings-save';
import { DirectorySelect } from './directory-select';
import { FileExpirySelect } from './file-expiry-select';

type ExtKey = 'only_admin_can_see_channel_members' | 'enable_msg_url_preview';
const EXT_DEFAULTS: Record<ExtKey, boolean> = {
  only_admin_can_see_channel_members: false,
  enable_msg_url_preview: true,
};

function readExt(common: SystemCommon): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(common.ext_setting ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Settings › Overview: the server's name, description and logo, and the rules for everyone. */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  const common = useAppSelector((state) => state.server.common);
  const org = useAppSelector((state) => state.server);
  const details = useSettingsForm({
    initial: { name: org.name, description: org.description ?? '' },
    normalize: ({ name, description }) => ({ name: name.trim(), description: description.trim() }),
    save: ({ name, description }) => updateOrganizationDetails(name, description),
    saved: t('saved'),
  });
  // The sign-in rules below save on each change.
  const { value: login, change: changeLogin } = useSettingsForm<LoginConfig>({
    load: getLoginConfig,
    save: updateLoginConfig,
    saved: t('saved'),
    toastId: 'admin-saved',
  });
  const [logoAt, setLogoAt] = useState(0);
  const crop = useImageCrop((image, square) => {
    void saveWithToast(
      async () => {
        await uploadOrganizationLogo(image, square);
        setLogoAt(Date.now());
      },
      { saved: t('saved') },
    );
  });

  if (!common) return <Spinner />;

  const change = (patch: UpdateSystemCommonRequest) =>
    saveWithToast(() => updateSystemCommon(patch), { saved: t('saved'), toastId: 'admin-saved' });

  const ext = readExt(common);
  const extValue = (key: ExtKey) =>
    typeof ext[key] === 'boolean' ? (ext[key] as boolean) : EXT_DEFAULTS[key];
  // A read-modify-write of the whole string, as the VoceChat client does (API.md §3).
  const changeExt = (key: ExtKey, value: boolean) =>
    change({ ext_setting: JSON.stringify({ ...ext, [key]: value }) });

  const toggle = (key: keyof SystemCommon, label: string) => (
    <Checkbox
      label={label}
      checked={common[key] === true}
      onChange={(event) => void change({ [key]: event.target.checked })}
      data-testid={`overview-${key}`}
    />
  );

  return (
    <section className="admin-page" data-testid="overview-page" aria-labelledby="overview-title">
      <h2 id="overview-title">{t('overview.org_title')}</h2>
      <form className="admin-card" onSubmit={(event) => void details.submit(event)}>
        <TextField
          label={t('overview.name')}
          value={details.value?.name ?? ''}
          required
          maxLength={LIMITS.organizationNameMaxLength}
          onChange={(event) => details.update({ name: event.target.value })}
          data-testid="overview-name"
        />
        <TextAreaField
          label={t('overview.description')}
          value={details.value?.description ?? ''}
          maxLength={LIMITS.descriptionMaxLength}
          rows={3}
          onChange={(event) => details.update({ description: event.target.value })}
          data-testid="overview-description"
        />
        <div className="admin-row">
          <Button
            type="submit"
            loading={details.saving}
            disabled={!details.dirty}
            data-testid="overview-save"
          >
            {t('save')}
          </Button>
        </div>
      </form>
      <div className="admin-card">
        <h3>{t('overview.logo')}</h3>
        <div className="admin-row">
          <img className="admin-logo" src={`${organizationLogoUrl()}?t=${logoAt}`} alt="" />
          <label className="btn btn--ghost">
            {t('overview.logo_upload')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="visually-hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) crop.pick(file);
              }}
              data-testid="overview-logo"
            />
          </label>
        </div>
        <p className="admin-page__text">{t('overview.logo_hint')}</p>
        {crop.dialog}
      </div>
      <h2>{t('overview.switches_title')}</h2>
      <div className="admin-card">
        {toggle('show_user_online_status', t('overview.show_online'))}
        {toggle('contact_verification_enable', t('overview.contact_verification'))}
        {toggle('only_admin_can_create_group', t('overview.only_admin_create'))}
        {toggle('dm_enable', t('overview.dm_enable'))}
        <Checkbox
          label={t('overview.only_admin_members')}
          checked={extValue('only_admin_can_see_channel_members')}
          onChange={(event) => void changeExt('only_admin_can_see_channel_members', event.target.checked)}
          data-testid="overview-only_admin_can_see_channel_members"
        />
        <Checkbox
          label={t('overview.url_preview')}
          checked={extValue('enable_msg_url_preview')}
          onChange={(event) => void changeExt('enable_msg_url_preview', event.target.checked)}
          data-testid="overview-enable_msg_url_preview"
        />
        {login ? (
          <>
            <Checkbox
              label={t('overview.guest')}
              checked={login.guest}
              onChange={(event) => void changeLogin({ guest: event.target.checked })}
              data-testid="overview-guest"
            />
            <SelectField
              label={t('overview.sign_up')}
              value={login.who_can_sign_up}
              onChange={(event) =>
                void changeLogin({ who_can_sign_up: event.target.value as LoginConfig['who_can_sign_up'] })
              }
              data-testid="overview-sign-up"
            >
              <option value="EveryOne">{t('overview.sign_up_everyone')}</option>
              <option value="InvitationOnly">{t('overview.sign_up_invite')}</option>
            </SelectField>
          </>
        ) : null}
        <SelectField
          label={t('overview.layout')}
          value={common.chat_layout_mode}
          onChange={(event) =>
            void change({ chat_layout_mode: event.target.value as SystemCommon['chat_layout_mode'] })
          }
          data-testid="overview-layout"
        >
          <option value="Left">{t('overview.layout_left')}</option>
          <option value="SelfRight">{t('overview.layout_self_right')}</option>
        </SelectField>
        <FileExpirySelect
          value={common.max_file_expiry_mode}
          onChange={(mode) => void change({ max_file_expiry_mode: mode })}
        />
        <DirectorySelect
          value={common.directory_visibility ?? 'everyone'}
          onChange={(mode) => void change({ directory_visibility: mode })}
        />
      </div>
    </section>
  );
}
