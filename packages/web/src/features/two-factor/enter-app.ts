import type { LoginResponse } from '@parley/protocol';
import { useLocation, useNavigate } from 'react-router';
import { API_BASE } from '../../lib/api';
import { startSession } from '../../lib/session';

/** Settings › My account, where the two-factor section is. */
const ENROL_PATH = '/setting/account';

/** Whether the administrator requires a second factor that this new sign-in's account lacks. */
async function mustEnrol(token: string): Promise<boolean> {
  try {
    const res = await fetch(`${API_BASE}/user/totp`, { headers: { 'X-API-Key': token } });
    const status = res.ok ? ((await res.json()) as { required?: boolean; enabled?: boolean }) : null;
    return Boolean(status?.required && !status.enabled);
  } catch {
    return false;
  }
}

/**
 * Starts the session of a sign-in. While two-factor sign-in is required and the account has none,
 * the sign-in page first records My account as where to go (the guard of the sign-in pages sends a
 * signed-in user to the location state's `from`), so the user lands on enrolment.
 */
export function useEnterApp(): (response: LoginResponse) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  return async (response) => {
    if (await mustEnrol(response.token))
      await navigate(`${location.pathname}${location.search}`, {
        replace: true,
        state: { from: ENROL_PATH },
      });
    startSession(response);
  };
}
