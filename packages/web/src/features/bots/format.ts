import { currentLanguage } from '../../lib/i18n';

export const formatTime = (ms: number) =>
  new Date(ms).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });

/** What to run to post as the bot: the curl equivalent of `POST /api/bot/send_to_group/{gid}`. */
export const curlSnippet = (origin: string, key: string, gid: number) =>
  [
    `curl -X POST '${origin}/api/bot/send_to_group/${gid}' \\`,
    `  -H 'x-api-key: ${key}' \\`,
    `  -H 'content-type: text/plain' \\`,
    `  --data 'Hello from my bot'`,
  ].join('\n');
