import type { EmbeddingConfig } from '@parley/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getEmbeddingConfig, setEmbeddingConfig } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, ListField, TextAreaField } from '../../ui';

/**
 * Part of `/setting/widget` (administrators): the sites that may frame the whole client, and the
 * frame code with its compact layout (docs/embedding.md).
 */
export function EmbeddingSection() {
  const { t } = useTranslation('embed');
  const [config, setConfig] = useState<EmbeddingConfig | null>(null);
  const [busy, setBusy] = useState(false);
  const snippet = `<iframe src="${window.location.origin}/?embed=1#/chat" title="Parley" style="width:100%;height:600px;border:0"></iframe>`;

  useEffect(() => {
    void getEmbeddingConfig().then(setConfig, () => undefined);
  }, []);
  if (!config) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await setEmbeddingConfig(config);
      toast.success(t('saved'));
    } catch {
      // The request layer has shown the server's answer.
    }
    setBusy(false);
  };

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
      <form className="settings-page__form" onSubmit={(event) => void save(event)}>
        <ListField
          label={t('origins')}
          hint={t('origins_hint')}
          placeholder="https://intranet.example.com"
          value={config.frame_ancestors}
          onChange={(frame_ancestors) => setConfig({ frame_ancestors })}
          data-testid="embedding-origins"
        />
        <Button type="submit" loading={busy} data-testid="embedding-save">
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
