import { LIMITS, type WidgetConfig } from '@parley/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getWidgetConfig, setWidgetConfig } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { toast } from '../../lib/toast';
import { Button, Checkbox, SelectField, TextAreaField, TextField } from '../../ui';
import { AdminPageFrame } from './admin-page-frame';
import { EmbeddingSection } from './embedding-section';
import { useSettingsForm } from './settings-save';
import { widgetPreviewUrl, widgetSnippet, type WidgetForm } from './widget-snippet';
import './settings.css';

/** `/setting/widget`: turns the chat widget on, builds its snippet, and previews it live. */
export function WidgetSettingsPage() {
  const { t, i18n } = useTranslation('widget');
  const self = useAppSelector((state) => state.auth?.user);
  const isAdmin = self?.is_admin === true;
  const settings = useSettingsForm<WidgetConfig>({
    load: getWidgetConfig,
    save: setWidgetConfig,
    saved: t('settings.saved'),
    enabled: isAdmin,
  });
  const config = settings.value;
  const [form, setForm] = useState<WidgetForm>({
    id: 'site',
    hostId: String(self?.uid ?? ''),
    channelId: '',
    title: '',
    logo: '',
    welcome: '',
    themeColor: '#4f46e5',
    position: 'right',
    autoReg: true,
    openWidth: '380',
    openHeight: '560',
  });
  const origin = window.location.origin;
  const snippet = useMemo(() => widgetSnippet(origin, form), [origin, form]);
  const preview = useMemo(() => widgetPreviewUrl(origin, form, i18n.language), [origin, form, i18n.language]);

  if (!isAdmin || !config) return <AdminPageFrame isAdmin={isAdmin} notice={t('settings.admin_only')} />;

  const f = (patch: Partial<WidgetForm>) => setForm({ ...form, ...patch });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(t('settings.copied'));
    } catch {
      toast.error(t('settings.copy_failed'));
    }
  };

  return (
    <main className="settings-page" data-testid="widget-settings">
      <h1 className="settings-page__title">{t('settings.title')}</h1>
      <p className="settings-page__description">{t('settings.description')}</p>
      <Checkbox
        label={t('settings.enabled')}
        description={t('settings.enabled_hint')}
        checked={config.enabled}
        onChange={(event) => void settings.change({ enabled: event.target.checked })}
        data-testid="widget-enabled"
      />
      <form className="settings-page__form" onSubmit={(event) => event.preventDefault()}>
        <div className="settings-page__row">
          <TextField
            label={t('settings.host')}
            hint={t('settings.host_hint')}
            type="number"
            min={1}
            value={form.hostId}
            onChange={(event) => f({ hostId: event.target.value })}
          />
          <TextField
            label={t('settings.channel')}
            hint={t('settings.channel_hint')}
            type="number"
            min={1}
            value={form.channelId}
            onChange={(event) => f({ channelId: event.target.value })}
          />
        </div>
        <div className="settings-page__row">
          <TextField
            label={t('settings.widget_id')}
            value={form.id}
            maxLength={LIMITS.widgetIdMaxLength}
            onChange={(event) => f({ id: event.target.value })}
          />
          <TextField
            label={t('settings.title_field')}
            placeholder={t('title')}
            value={form.title}
            maxLength={LIMITS.widgetTitleMaxLength}
            onChange={(event) => f({ title: event.target.value })}
          />
        </div>
        <TextField
          label={t('settings.logo')}
          type="url"
          placeholder="https://example.com/logo.png"
          value={form.logo}
          onChange={(event) => f({ logo: event.target.value })}
        />
        <TextAreaField
          label={t('settings.welcome')}
          placeholder={t('welcome')}
          value={form.welcome}
          maxLength={LIMITS.widgetWelcomeMaxLength}
          rows={2}
          onChange={(event) => f({ welcome: event.target.value })}
        />
        <div className="settings-page__row">
          <TextField
            label={t('settings.color')}
            type="color"
            value={form.themeColor}
            onChange={(event) => f({ themeColor: event.target.value })}
          />
          <SelectField
            label={t('settings.position')}
            value={form.position}
            onChange={(event) => f({ position: event.target.value === 'left' ? 'left' : 'right' })}
          >
            <option value="right">{t('settings.right')}</option>
            <option value="left">{t('settings.left')}</option>
          </SelectField>
        </div>
        <div className="settings-page__row">
          <TextField
            label={t('settings.open_width')}
            type="number"
            min={240}
            value={form.openWidth}
            onChange={(event) => f({ openWidth: event.target.value })}
          />
          <TextField
            label={t('settings.open_height')}
            type="number"
            min={320}
            value={form.openHeight}
            onChange={(event) => f({ openHeight: event.target.value })}
          />
        </div>
        <Checkbox
          label={t('settings.auto_reg')}
          description={t('settings.auto_reg_hint')}
          checked={form.autoReg}
          onChange={(event) => f({ autoReg: event.target.checked })}
        />
        <TextAreaField
          label={t('settings.snippet')}
          value={snippet}
          readOnly
          rows={6}
          className="widget-settings__snippet"
          data-testid="widget-snippet"
        />
        <Button type="button" onClick={() => void copy()} data-testid="widget-copy">
          {t('settings.copy')}
        </Button>
      </form>
      <h2 className="settings-page__title">{t('settings.preview')}</h2>
      <iframe
        className="widget-settings__preview"
        title={t('settings.preview')}
        src={preview}
        style={{
          width: `min(${Number(form.openWidth) || 380}px, 100%)`,
          height: `${Number(form.openHeight) || 560}px`,
        }}
        data-testid="widget-preview"
      />
      <EmbeddingSection />
    </main>
  );
}
