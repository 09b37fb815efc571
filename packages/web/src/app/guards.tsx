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

/** Login and registration are for visitors without a login, and for guests who want to sign in (SPEC §4). */
export function GuestOnly() {
  const initialized = useAppSelector((state) => state.server.initialized);
  const hasToken = useAppSelector((state) => state.auth !== null && state.auth.user.create_by !== 'guest');
  const location = useLocation();
  if (initialized === false) return <Navigate to="/onboarding" replace />;
  if (hasToken) {
    const from = (location.state as ReturnState | null)?.from;
    return <Navigate to={from && from.startsWith('/') ? from : '/chat'} replace />;
  }
  return <Outlet />;
}
