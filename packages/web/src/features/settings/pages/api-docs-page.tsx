import { useTranslation } from 'react-i18next';

/** Settings › API documentation: Swagger UI at `/api/swagger`, generated from the route table. */
export function ApiDocsPage() {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-page" data-testid="api-docs-page" aria-labelledby="api-title">
      <h2 id="api-title">{t('api_docs.title')}</h2>
      <p className="admin-page__text">{t('api_docs.text')}</p>
      <div className="admin-row">
        <a
          className="btn btn--primary"
          href="/api/swagger"
          target="_blank"
          rel="noreferrer"
          data-testid="api-docs-link"
        >
          {t('api_docs.open')}
        </a>
        <a className="btn btn--ghost" href="/api/spec" target="_blank" rel="noreferrer">
          {t('api_docs.spec')}
        </a>
      </div>
    </section>
  );
}
