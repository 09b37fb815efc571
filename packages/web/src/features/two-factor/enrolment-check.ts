import { call } from '../../lib/api';

export const SECURITY_PATH = '/setting/security';

/**
 * After sign-in (the signed-in layout's first render): while the administrator requires two-factor
 * sign-in, someone without it is sent to set it up. Guests and failures change nothing.
 */
export async function checkEnrolment(go: (path: string) => void): Promise<void> {
  const status = await call('getTotp', {}, { errors: { default: null } }).catch(() => null);
  if (status?.required && !status.enabled) go(SECURITY_PATH);
}
