import type { EmbeddingConfig } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { getEmbeddingConfig, setEmbeddingConfig } from '../../lib/api';
import { Button, ListField, TextAreaField } from '../../ui';
import { useSettingsForm } from './settings-save';

/**
 * Part of `/setting/widget` (administrators): the sites that may frame the whole client, and the
 * frame code with its compact layout (docs/embedding.md).
 */
export function EmbeddingSection() {
  const { t } = useTranslation('embed');
  const form = useSettingsForm<EmbeddingConfig>({
    load: getEmbeddingConfig,
    save: setEmbeddingConfig,
    saved: t('saved'),
  });
  const snippet = `<iframe src="${window.location.origin}/?embed=1#/chat" title="Parley" style="width:100%;height:600px;border:0"></iframe>`;
  const config = form.value;
  if (!config) return null;

  return (
    <section
      className="settings-page__form"
      aria-labelledby="embedding-title"
      data-testid="embedding-settings"
    >
      <h2 id="embedding-title" className="settings-page__title">
        {t('title')}
      </h2>
      <p className="settings-page__description">{t('description')}</p>
      <form className="settings-page__form" onSubmit={(event) => void form.submit(event)}>
        <ListField
          label={t('origins')}
          hint={t('origins_hint')}
          placeholder="https://intranet.example.com"
          value={config.frame_ancestors}
          onChange={(frame_ancestors) => form.update({ frame_ancestors })}
          data-testid="embedding-origins"
        />
        <Button type="submit" loading={form.saving} data-testid="embedding-save">
          {t('save')}
        </Button>
      </form>
      <TextAreaField
        label={t('snippet')}
        value={snippet}
        readOnly
        rows={3}
        className="widget-settings__snippet"
        data-testid="embedding-snippet"
      />
    </section>
  );
}
