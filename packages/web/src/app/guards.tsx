import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../lib/store';

interface ReturnState {
  from?: string;
}

/** Main app guard (SPEC §4): onboarding first, then a login, remembering where the user wanted to go. */
export function RequireAuth() {
  const initialized = useAppSelector((state) => state.server.initialized);
  const hasToken = useAppSelector((state) => state.auth !== null);
  const location = useLocation();
  if (initialized === false) return <Navigate to="/onboarding" replace />;
  if (!hasToken) {
    const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from ? { from } : undefined} />;
  }
  return <Outlet />;
}

/** Login and registration are only for visitors without a login. */
export function GuestOnly() {
  const initialized = useAppSelector((state) => state.server.initialized);
  const hasToken = useAppSelector((state) => state.auth !== null);
  const location = useLocation();
  if (initialized === false) return <Navigate to="/onboarding" replace />;
  if (hasToken) {
    const from = (location.state as ReturnState | null)?.from;
    return <Navigate to={from && from.startsWith('/') ? from : '/chat'} replace />;
  }
  return <Outlet />;
}
