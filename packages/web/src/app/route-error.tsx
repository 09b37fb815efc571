import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen throws; mirrors the router's default wording (SPEC §8). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="route-error">
      <h1>Unexpected Application Error!</h1>
      <pre>{message}</pre>
    </main>
  );
}
