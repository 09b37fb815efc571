import { sql, type Kysely } from 'kysely';
import type { Store } from './types.js';
import type { StoreContext, StoreDialect } from './dialect.js';
import type { Database } from './schema.js';
import { KyselyBotStore } from './kysely/bots.js';
import { KyselyFileStore } from './kysely/files.js';
import { KyselyChatSettingsStore, KyselyContactStore, KyselyJobLeaseStore } from './kysely/conversations.js';
import { KyselyArchiveStore, KyselyFavoriteStore } from './kysely/archives.js';
import { KyselyGroupStore } from './kysely/groups.js';
import { KyselyInviteStore } from './kysely/invites.js';
import { KyselyEmailInviteStore } from './kysely/email-invites.js';
import { KyselyMagicTokenStore } from './kysely/magic-tokens.js';
import { KyselySigninStore } from './kysely/signin.js';
import { KyselyMessageStore } from './kysely/messages.js';
import { KyselyNotifyStore } from './kysely/notify.js';
import { KyselyPinStore } from './kysely/pins.js';
import { KyselyPreferenceStore } from './kysely/preferences.js';
import { KyselyDirectoryStore } from './kysely/directory.js';
import { KyselySearchStore } from './kysely/search.js';
import { KyselyReadIndexStore } from './kysely/read-index.js';
import { KyselySessionStore } from './kysely/sessions.js';
import { KyselySettingsStore } from './kysely/settings.js';
import { KyselyUserLogStore } from './kysely/user-log.js';
import { KyselyUserStore } from './kysely/users.js';
import { KyselyVoiceStore } from './kysely/voice.js';
import { KyselyVoiceSfuStore } from './kysely/voice-sfu.js';
import { KyselyAuditStore } from './kysely/audit.js';
import { KyselyTotpStore } from './kysely/totp.js';
import { KyselyEmailChangeStore } from './kysely/email-changes.js';

/**
 * The one `Store` implementation, over a Kysely instance of either dialect; the differences
 * between SQLite and PostgreSQL live in `dialect.ts`. See docs/storage.md.
 */
export class KyselyStore implements Store {
  readonly users: KyselyUserStore;
  readonly userLog: KyselyUserLogStore;
  readonly groups: KyselyGroupStore;
  readonly messages: KyselyMessageStore;
  readonly sessions: KyselySessionStore;
  readonly settings: KyselySettingsStore;
  readonly invites: KyselyInviteStore;
  readonly emailInvites: KyselyEmailInviteStore;
  readonly readIndex: KyselyReadIndexStore;
  readonly pins: KyselyPinStore;
  readonly bots: KyselyBotStore;
  readonly magicTokens: KyselyMagicTokenStore;
  readonly emailChanges: KyselyEmailChangeStore;
  readonly totp: KyselyTotpStore;
  readonly signin: KyselySigninStore;
  readonly files: KyselyFileStore;
  readonly search: KyselySearchStore;
  readonly chatSettings: KyselyChatSettingsStore;
  readonly contacts: KyselyContactStore;
  readonly jobLeases: KyselyJobLeaseStore;
  readonly archives: KyselyArchiveStore;
  readonly favorites: KyselyFavoriteStore;
  readonly notify: KyselyNotifyStore;
  readonly voice: KyselyVoiceStore;
  readonly voiceSfu: KyselyVoiceSfuStore;
  readonly audit: KyselyAuditStore;
  readonly preferences: KyselyPreferenceStore;
  readonly directory: KyselyDirectoryStore;

  private constructor(private readonly ctx: StoreContext) {
    this.users = new KyselyUserStore(ctx);
    this.userLog = new KyselyUserLogStore(ctx);
    this.groups = new KyselyGroupStore(ctx);
    this.messages = new KyselyMessageStore(ctx);
    this.sessions = new KyselySessionStore(ctx);
    this.settings = new KyselySettingsStore(ctx);
    this.invites = new KyselyInviteStore(ctx);
    this.emailInvites = new KyselyEmailInviteStore(ctx);
    this.readIndex = new KyselyReadIndexStore(ctx);
    this.pins = new KyselyPinStore(ctx);
    this.bots = new KyselyBotStore(ctx);
    this.magicTokens = new KyselyMagicTokenStore(ctx);
    this.emailChanges = new KyselyEmailChangeStore(ctx);
    this.totp = new KyselyTotpStore(ctx);
    this.signin = new KyselySigninStore(ctx);
    this.files = new KyselyFileStore(ctx);
    this.search = new KyselySearchStore(ctx);
    this.chatSettings = new KyselyChatSettingsStore(ctx);
    this.contacts = new KyselyContactStore(ctx);
    this.jobLeases = new KyselyJobLeaseStore(ctx);
    this.archives = new KyselyArchiveStore(ctx);
    this.favorites = new KyselyFavoriteStore(ctx);
    this.notify = new KyselyNotifyStore(ctx);
    this.voice = new KyselyVoiceStore(ctx);
    this.voiceSfu = new KyselyVoiceSfuStore(ctx);
    this.audit = new KyselyAuditStore(ctx);
    this.preferences = new KyselyPreferenceStore(ctx);
    this.directory = new KyselyDirectoryStore(ctx);
  }

  static create(db: Kysely<Database>, dialect: StoreDialect): KyselyStore {
    return new KyselyStore({ db, dialect, inTransaction: false });
  }

  get dialect(): StoreDialect {
    return this.ctx.dialect;
  }

  /**
   * On a store already bound to a transaction, `fn` simply joins it. On SQLite the one connection
   * belongs to the transaction until it ends: inside `fn`, use `tx`, never the outer store, or
   * the call waits for the transaction that is waiting for it.
   */
  async transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    if (this.ctx.inTransaction) return fn(this);
    return this.ctx.db
      .transaction()
      .execute((trx) => fn(new KyselyStore({ db: trx, dialect: this.ctx.dialect, inTransaction: true })));
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.ctx.db);
  }

  async close(): Promise<void> {
    if (this.ctx.inTransaction) throw new Error('close() called on a transaction-bound store');
    await this.ctx.db.destroy();
  }
}
