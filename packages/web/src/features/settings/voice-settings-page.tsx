import type { AgoraConfig, VoiceConfig } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { getAgoraConfig, getVoiceConfig, setAgoraConfig, setVoiceConfig } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Button, Checkbox, ListField, TextField } from '../../ui';
import { AdminPageFrame } from './admin-page-frame';
import { useSettingsForm } from './settings-save';
import './settings.css';

/** `/setting/voice`: STUN/TURN, the mesh size and call limits, and VoceChat's Agora settings. */
export function VoiceSettingsPage() {
  const { t } = useTranslation('voice');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const voiceForm = useSettingsForm<VoiceConfig>({
    load: getVoiceConfig,
    save: setVoiceConfig,
    saved: t('settings.saved'),
    enabled: isAdmin,
  });
  const agoraForm = useSettingsForm<AgoraConfig>({
    load: getAgoraConfig,
    save: setAgoraConfig,
    saved: t('settings.saved'),
    enabled: isAdmin,
  });
  const { value: voice, update: v } = voiceForm;
  const { value: agora, update: a } = agoraForm;

  if (!isAdmin || !voice || !agora)
    return <AdminPageFrame isAdmin={isAdmin} notice={t('settings.admin_only')} />;

  return (
    <main className="settings-page" data-testid="voice-settings">
      <h1 className="settings-page__title">{t('settings.title')}</h1>
      <p className="settings-page__description">{t('settings.description')}</p>
      <form
        className="settings-page__form"
        onSubmit={(event) => void voiceForm.submit(event)}
        data-testid="voice-form"
      >
        <ListField
          label={t('settings.stun')}
          value={voice.stun_urls}
          onChange={(stun_urls) => v({ stun_urls })}
          placeholder="stun:stun.example.com:3478"
          data-testid="voice-stun"
        />
        <ListField
          label={t('settings.turn')}
          value={voice.turn_urls}
          onChange={(turn_urls) => v({ turn_urls })}
          placeholder="turn:turn.example.com:3478"
          data-testid="voice-turn"
        />
        <TextField
          label={t('settings.turn_secret')}
          type="password"
          autoComplete="off"
          value={voice.turn_secret}
          onChange={(event) => v({ turn_secret: event.target.value })}
        />
        <div className="settings-page__row">
          <TextField
            label={t('settings.mesh_limit')}
            type="number"
            min={2}
            max={16}
            value={String(voice.mesh_limit)}
            onChange={(event) => v({ mesh_limit: Number(event.target.value) || 2 })}
            data-testid="voice-mesh-limit"
          />
          <TextField
            label={t('settings.max_calls')}
            type="number"
            min={0}
            value={String(voice.max_calls)}
            onChange={(event) => v({ max_calls: Number(event.target.value) || 0 })}
          />
        </div>
        <div className="settings-page__row">
          <TextField
            label={t('settings.sfu_url')}
            type="url"
            value={voice.sfu_url ?? ''}
            onChange={(event) => v({ sfu_url: event.target.value })}
            placeholder="http://127.0.0.1:8088/janus"
            data-testid="voice-sfu-url"
          />
          <TextField
            label={t('settings.sfu_limit')}
            type="number"
            min={2}
            max={1000}
            value={String(voice.sfu_limit ?? 50)}
            onChange={(event) => v({ sfu_limit: Number(event.target.value) || 2 })}
            data-testid="voice-sfu-limit"
          />
        </div>
        <ListField
          label={t('settings.prefixes')}
          value={voice.ice_address_prefixes}
          onChange={(ice_address_prefixes) => v({ ice_address_prefixes })}
          placeholder="10. 192.168."
        />
        <Button type="submit" loading={voiceForm.saving} data-testid="voice-save">
          {t('settings.save')}
        </Button>
      </form>
      <h2 className="settings-page__title">{t('settings.agora_title')}</h2>
      <p className="settings-page__description">{t('settings.agora_description')}</p>
      <form
        className="settings-page__form"
        onSubmit={(event) => void agoraForm.submit(event)}
        data-testid="agora-form"
      >
        <Checkbox
          label={t('settings.agora_enabled')}
          checked={agora.enabled}
          onChange={(event) => a({ enabled: event.target.checked })}
        />
        <TextField
          label={t('settings.agora_app_id')}
          value={agora.app_id ?? ''}
          onChange={(e) => a({ app_id: e.target.value })}
        />
        <TextField
          label={t('settings.agora_certificate')}
          type="password"
          autoComplete="off"
          value={agora.app_certificate ?? ''}
          onChange={(e) => a({ app_certificate: e.target.value })}
        />
        <TextField
          label={t('settings.agora_project')}
          value={agora.project_id ?? ''}
          onChange={(e) => a({ project_id: e.target.value })}
        />
        <TextField
          label={t('settings.agora_url')}
          value={agora.url ?? ''}
          onChange={(e) => a({ url: e.target.value })}
        />
        <div className="settings-page__row">
          <TextField
            label={t('settings.agora_customer_id')}
            value={agora.customer_id ?? ''}
            onChange={(e) => a({ customer_id: e.target.value })}
          />
          <TextField
            label={t('settings.agora_customer_secret')}
            type="password"
            autoComplete="off"
            value={agora.customer_secret ?? ''}
            onChange={(e) => a({ customer_secret: e.target.value })}
          />
        </div>
        <Button type="submit" loading={agoraForm.saving}>
          {t('settings.save')}
        </Button>
      </form>
    </main>
  );
}
