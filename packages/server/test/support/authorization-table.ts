/**
 * Every route × every role → the status it must answer (issue 8, "one table"). The test in
 * `test/authorization.test.ts` calls each route as each role against a fresh private channel and
 * fails when a registered route has no row here or answers differently. A route added later
 * needs its row, or that test goes red.
 *
 * Roles: `member` is in the private channel, `nonMember` is an ordinary user who is not, `owner`
 * owns it, `admin` is an administrator outside it, `guest` a guest account, `bot` a bot key (a
 * bot outside the channel). A bot key is no user token (API.md §1.4): on every user route it gets
 * what an anonymous caller gets, which `row` fills in unless a row says otherwise.
 */
import { systemAccountsRows } from './authorization/system-accounts.js';
import { conversationsMailRows } from './authorization/conversations-mail.js';
import { channelsMessagesRows } from './authorization/channels-messages.js';
import { adminBotsRows } from './authorization/admin-bots.js';
import { filesPreviewsVoiceRows } from './authorization/files-previews-voice.js';
import { notifySigninRows } from './authorization/notify-signin.js';
import { thirdPartyRows } from './authorization/third-party.js';
import { widgetRows } from './authorization/widget.js';
import { auditRows } from './authorization/audit.js';
import { totpRows } from './authorization/totp.js';
import { emailChangeRows } from './authorization/email-change.js';
import { preferenceRows } from './authorization/preferences.js';
import { embeddingRows } from './authorization/embedding.js';
import { retentionLicenseRows } from './authorization/retention-license.js';
import type { AuthRow } from './authorization/shapes.js';

export { ROLES, type AuthRow, type Fixture, type Role } from './authorization/shapes.js';

/** Every row, by area: a route's row goes in its area's file. */
export const AUTHORIZATION_TABLE: AuthRow[] = [
  ...systemAccountsRows,
  ...conversationsMailRows,
  ...channelsMessagesRows,
  ...adminBotsRows,
  ...filesPreviewsVoiceRows,
  ...notifySigninRows,
  ...widgetRows,
  ...thirdPartyRows,
  ...auditRows,
  ...totpRows,
  ...emailChangeRows,
  ...preferenceRows,
  ...embeddingRows,
  ...retentionLicenseRows,
];
