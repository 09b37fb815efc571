import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** SPEC §2 names unknown routes '404 page'; the text stays, inside the product's layout. */
export function NotFound() {
  const { t } = useTranslation('common');
  return <StatusPage testId="not-found" title="404 page" description={t('not_found.description')} />;
}
