import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPage } from './status-page';

/** Shown when a screen throws; keeps the router's default heading (SPEC §8) and the cause for reports. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <StatusPage
      testId="route-error"
      title={t('route_error.title')}
      description={t('route_error.description')}
    >
      <p className="status-page__detail">Unexpected Application Error!</p>
      <pre className="status-page__detail">{message}</pre>
    </StatusPage>
  );
}
