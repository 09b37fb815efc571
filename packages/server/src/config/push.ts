/** Notifications (docs/notifications.md): which Web Push endpoints the server will post to. */
type Env = Record<string, string | undefined>;

export interface PushConfig {
  /**
   * Accept `http:` push endpoints as well as `https:` ones (`PUSH_ALLOW_HTTP=true`): only for a
   * push service stand-in on a test machine. Browsers' push services are all `https:`.
   */
  allowHttpEndpoints: boolean;
}

export function parsePush(env: Env, problems: string[]): PushConfig {
  const raw = env.PUSH_ALLOW_HTTP?.trim().toLowerCase() ?? '';
  if (raw !== '' && raw !== 'true' && raw !== 'false') problems.push('PUSH_ALLOW_HTTP must be true or false');
  return { allowHttpEndpoints: raw === 'true' };
}
