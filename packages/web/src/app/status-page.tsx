import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface StatusPageProps {
  title: string;
  description: string;
  children?: ReactNode;
  testId: string;
}

/** Not-found and error screens: the product's look and always a way back home. */
export function StatusPage({ title, description, children, testId }: StatusPageProps) {
  const { t } = useTranslation('common');
  return (
    <main className="status-page" data-testid={testId}>
      <div className="status-page__card">
        <h1 className="status-page__title">{title}</h1>
        <p className="status-page__description">{description}</p>
        {children}
        <Link to="/" className="btn btn--primary status-page__home" data-testid="status-home">
          {t('nav.home')}
        </Link>
      </div>
    </main>
  );
}
