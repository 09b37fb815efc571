import { router } from '../router';

/** Sends the user to the login screen, remembering where they were when the session was lost. */
export function goToLogin(rememberPath: boolean): void {
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  const from = rememberPath && pathname !== '/' ? `${pathname}${search}` : undefined;
  void router.navigate('/login', { replace: true, state: from ? { from } : undefined });
}
