import { useEffect } from 'react';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../lib/store';
import { clearAutoReloadMark } from './auto-reload';
import { useGuestMode } from './guest-mode';
import { LoadingScreen } from './loading-screen';

interface ReturnState {
  from?: string;
}

/** Where a guest may be (SPEC §4): a public channel a visitor was given a link to. */
const guestAllowed = (path: string) => matchPath('/chat/channel/:gid', path) !== null;

/**
 * Main app guard (SPEC §4): onboarding first, then a login, remembering where the user wanted to
 * go. Without a token it needs the guest-mode setting: a link to a channel opens as a guest when
 * guests are allowed. While that setting is unknown it shows the loading screen flagged to reload.
 */
export function RequireAuth() {
  const initialized = useAppSelector((state) => state.server.initialized);
  const hasToken = useAppSelector((state) => state.auth !== null);
  const location = useLocation();
  const guestMode = useGuestMode();
  const waiting = !hasToken && initialized !== false && guestMode === null;
  useEffect(() => {
    if (!waiting) clearAutoReloadMark();
  }, [waiting]);
  if (initialized === false) return <Navigate to="/onboarding" replace />;
  if (!hasToken) {
    if (guestMode === null) return <LoadingScreen reload autoReload />;
    const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
    const to = guestMode && guestAllowed(location.pathname) ? '/guest_login' : '/login';
    return <Navigate to={to} replace state={from ? { from } : undefined} />;
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
