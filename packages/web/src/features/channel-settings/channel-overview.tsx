import { CHANNEL_SWITCHES, LIMITS, type Group } from '@parley/protocol';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call, API_BASE } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Avatar, Button, Checkbox, TextAreaField, TextField } from '../../ui';
import type { ChannelRights } from '../channels';
import { useImageCrop } from '../image-crop';
import { channelPreviewsOn, withChannelPreviews } from '../previews';
import { useSave, useSettingsForm } from '../settings';

export const groupIconUrl = (group: Group): string | null =>
  group.avatar_updated_at > 0
    ? `${API_BASE}/resource/group_avatar?gid=${group.gid}&t=${group.avatar_updated_at}`
    : null;

/** Name, description, icon, visibility and the four switches (SPEC §3). */
export function ChannelOverview({ group, rights }: { group: Group; rights: ChannelRights }) {
  const { t } = useTranslation(['channels', 'common', 'previews']);
  // The switches save on each click and show what group_changed brings: no toast.
  const { busy, run } = useSave();
  const file = useRef<HTMLInputElement>(null);
  const gid = group.gid;
  const setSwitch = (key: (typeof CHANNEL_SWITCHES)[number], value: boolean) =>
    void run(() => call('updateGroup', { params: { gid }, body: { [key]: value } }));
  const crop = useImageCrop(
    (image, square) =>
      void run(() => call('setGroupAvatar', { params: { gid }, body: image, query: { crop: square } })),
  );
  const upload = (picked: File | undefined) => {
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return void toast.error(t('channels:overview.icon_type'));
    if (picked.size > LIMITS.imageMaxBytes) return void toast.error(t('channels:overview.icon_size'));
    crop.pick(picked);
  };
  const setPreviews = (on: boolean) =>
    void run(() =>
      call('updateGroup', {
        params: { gid },
        body: { ext_setting: withChannelPreviews(group.ext_setting, on) },
      }),
    );
  const setVisibility = (isPublic: boolean) =>
    void run(() => call('changeGroupType', { params: { gid }, body: { is_public: isPublic } }));

  return (
    <div className="channel-settings__sections">
      <section className="channel-card" aria-labelledby="channel-overview-heading">
        <h2 id="channel-overview-heading">{t('channels:overview.heading')}</h2>
        <div className="channel-icon-row">
          <Avatar
            name={group.name}
            colorId={group.gid}
            src={groupIconUrl(group)}
            size={64}
            className="channel-icon"
          />
          {rights.manage ? (
            <div>
              <Button
                variant="ghost"
                small
                disabled={busy}
                onClick={() => file.current?.click()}
                data-testid="channel-icon-upload"
              >
                {t('channels:overview.icon_change')}
              </Button>
              <p className="channel-muted">{t('channels:overview.icon_hint')}</p>
              <input
                ref={file}
                type="file"
                accept="image/*"
                hidden
                onChange={(e) => {
                  upload(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              {crop.dialog}
            </div>
          ) : null}
        </div>
        {/* Keyed by the stored values: another device's group_changed resets the form to them. */}
        <DetailsForm
          key={`${group.name}\u0000${group.description ?? ''}`}
          group={group}
          manage={rights.manage}
        />
      </section>

      <section className="channel-card" aria-labelledby="channel-switches-heading">
        <h2 id="channel-switches-heading">{t('channels:switches.heading')}</h2>
        {rights.manage ? null : <p className="channel-muted">{t('channels:switches.read_only')}</p>}
        {CHANNEL_SWITCHES.map((key) => (
          <Checkbox
            key={key}
            label={t(`channels:switches.${key}.label`)}
            description={t(`channels:switches.${key}.description`)}
            checked={group[key]}
            disabled={!rights.manage || busy}
            onChange={(e) => setSwitch(key, e.target.checked)}
            data-testid={`switch-${key}`}
          />
        ))}
        <Checkbox
          label={t('previews:channel.label')}
          description={t('previews:channel.description')}
          checked={channelPreviewsOn(group.ext_setting)}
          disabled={!rights.manage || busy}
          onChange={(e) => setPreviews(e.target.checked)}
          data-testid="switch-link-previews"
        />
      </section>

      <section className="channel-card" aria-labelledby="channel-visibility-heading">
        <h2 id="channel-visibility-heading">{t('channels:visibility.heading')}</h2>
        <p data-testid="channel-visibility">
          {group.is_public ? t('channels:visibility.public') : t('channels:visibility.private')}
        </p>
        {rights.changeVisibility ? (
          <div>
            <Button
              variant="ghost"
              small
              disabled={busy}
              onClick={() => setVisibility(!group.is_public)}
              data-testid="channel-visibility-toggle"
            >
              {group.is_public ? t('channels:visibility.make_private') : t('channels:visibility.make_public')}
            </Button>
            <p className="channel-muted">
              {group.is_public ? t('channels:visibility.private_note') : t('channels:visibility.public_note')}
            </p>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function DetailsForm({ group, manage }: { group: Group; manage: boolean }) {
  const { t } = useTranslation(['channels']);
  const form = useSettingsForm({
    initial: { name: group.name, description: group.description ?? '' },
    normalize: ({ name, description }) => ({ name: name.trim(), description: description.trim() }),
    save: (body) => call('updateGroup', { params: { gid: group.gid }, body }),
    saved: t('channels:overview.saved'),
  });
  const { value, saving: busy } = form;
  if (!value) return null;
  const named = value.name.trim() !== '';
  return (
    <form
      className="channel-form"
      onSubmit={(event) => void (named ? form.submit(event) : event.preventDefault())}
    >
      <TextField
        label={t('channels:overview.name')}
        value={value.name}
        maxLength={LIMITS.groupNameMaxLength}
        required
        disabled={!manage || busy}
        onChange={(e) => form.update({ name: e.target.value })}
        data-testid="channel-name-input"
      />
      <TextAreaField
        label={t('channels:overview.description')}
        value={value.description}
        maxLength={LIMITS.descriptionMaxLength}
        rows={3}
        disabled={!manage || busy}
        onChange={(e) => form.update({ description: e.target.value })}
        data-testid="channel-description-input"
      />
      {manage ? (
        <div className="channel-form__actions">
          <Button
            type="submit"
            disabled={!form.dirty || !named || busy}
            loading={busy}
            data-testid="channel-save"
          >
            {t('channels:overview.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
