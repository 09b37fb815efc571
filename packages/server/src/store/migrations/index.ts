import { Migrator, type Kysely, type Migration, type MigrationResult } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import { initialMigration } from './0001-initial.js';
import { refreshTokenPruningMigration } from './0002-refresh-token-pruning.js';
import { messageOpsMigration } from './0003-message-ops.js';
import { conversationsMigration } from './0004-conversations.js';
import { messageSearchMigration } from './0005-message-search.js';
import { filesMigration } from './0006-files.js';
import { magicTokensMigration } from './0007-magic-tokens.js';
import { botsMigration } from './0008-bots.js';
import { archivesFavoritesMigration } from './0009-archives-favorites.js';
import { signinMigration } from './0011-signin.js';
import { channelSwitchesMigration } from './0012-channel-switches.js';
import { notificationsMigration } from './0016-notifications.js';
import { voiceMigration } from './0017-voice.js';
import { emailInvitesMigration } from './0019-email-invites.js';
import { archiveAttachmentsMigration } from './0023-archive-attachments.js';
import { totpMigration } from './0024-totp.js';
import { auditLogMigration } from './0025-audit-log.js';
import { userPreferencesMigration } from './0027-user-preferences.js';
import { emailChangesMigration } from './0028-email-changes.js';
import { retentionMigration } from './0029-retention.js';
import { directoryVisibilityMigration } from './0030-directory-visibility.js';
import { notifyDeliveriesMidMigration } from './0036-notify-deliveries-mid.js';
import { voiceSfuMigration } from './0038-voice-sfu.js';

/**
 * Every migration, in order. A static list (not a folder scan) so it works the same from `src`
 * under vitest and from `dist` after `tsc`. Names sort lexically; never rename or edit a released one.
 */
export function migrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-refresh-token-pruning': refreshTokenPruningMigration,
    '0003-message-ops': messageOpsMigration(dialect),
    '0004-conversations': conversationsMigration,
    '0005-message-search': messageSearchMigration(dialect),
    '0006-files': filesMigration(dialect),
    '0007-magic-tokens': magicTokensMigration,
    '0008-bots': botsMigration(dialect),
    '0009-archives-favorites': archivesFavoritesMigration,
    '0011-signin': signinMigration,
    '0012-channel-switches': channelSwitchesMigration,
    '0016-notifications': notificationsMigration(dialect),
    '0017-voice': voiceMigration,
    '0019-email-invites': emailInvitesMigration,
    '0023-archive-attachments': archiveAttachmentsMigration,
    '0024-totp': totpMigration,
    '0025-audit-log': auditLogMigration(dialect),
    '0027-user-preferences': userPreferencesMigration,
    '0028-email-changes': emailChangesMigration,
    '0029-retention': retentionMigration,
    '0030-directory-visibility': directoryVisibilityMigration,
    '0036-notify-deliveries-mid': notifyDeliveriesMidMigration,
    '0038-voice-sfu': voiceSfuMigration,
  };
}

/**
 * Brings the schema to the latest migration. Safe to run from several nodes at once: Kysely's
 * migrator takes a lock row inside a transaction.
 */
export async function migrateToLatest(db: Kysely<any>, dialect: StoreDialect): Promise<MigrationResult[]> {
  const all = migrations(dialect);
  if (await isCurrent(db, Object.keys(all))) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${String(error)}`.replace('  ', ' '), {
      cause: error,
    });
  }
  return results ?? [];
}

/**
 * True when the database records exactly the migrations this build knows, so there is nothing to
 * run. Every node start (and every test store) asks this first: the migrator's own check takes a
 * lock and reads the schema catalog twice, which cost PostgreSQL about 10 ms a start. A migration's
 * row commits with the migration, so a row seen is a schema in place. Anything else (no table yet,
 * a migration missing or one this build does not know) goes to the migrator, which decides as before.
 */
async function isCurrent(db: Kysely<any>, known: readonly string[]): Promise<boolean> {
  let recorded: string[];
  try {
    recorded = (await db.selectFrom('kysely_migration').select('name').execute()).map((r) => String(r.name));
  } catch {
    return false;
  }
  const names = new Set(recorded);
  return recorded.length === known.length && known.every((name) => names.has(name));
}
