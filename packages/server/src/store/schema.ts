/**
 * Row types of the tables as Kysely sees them. Private to the adapters: nothing outside
 * `store/` imports this file, and rows are mapped to the records of `types.ts` before they leave.
 */
import type { ColumnType, Generated } from 'kysely';

/** SQLite hands booleans back as 0/1 and refuses JS booleans as parameters; PostgreSQL uses real booleans. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;
/** A boolean column with a default: optional on insert. */
export type DefaultBool = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;

export interface UsersTable {
  uid: Generated<number>;
  email: string | null;
  name: string;
  name_lower: string;
  gender: number;
  language: string;
  is_admin: Bool;
  is_bot: Bool;
  avatar_updated_at: number;
  create_by: string;
  password_hash: string | null;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface UserLogTable {
  log_id: Generated<number>;
  action: string;
  uid: number;
  email: string | null;
  name: string | null;
  gender: number | null;
  language: string | null;
  is_admin: Bool | null;
  is_bot: Bool | null;
  avatar_updated_at: number | null;
  /** Migration 0030: set on a row meant for one reader only; null for everyone's rows. */
  reader_uid: number | null;
}

export interface DevicesTable {
  uid: number;
  device: string;
  session_id: string;
  device_token: string | null;
  created_at: number;
  updated_at: number;
}

export interface RefreshTokensTable {
  token_hash: string;
  uid: number;
  device: string;
  session_id: string;
  expires_at: number;
  spent_at: number | null;
}

export interface GroupsTable {
  gid: Generated<number>;
  name: string;
  description: string | null;
  owner: number | null;
  is_public: Bool;
  avatar_updated_at: number;
  created_at: number;
  show_email: DefaultBool;
  dm_to_member: DefaultBool;
  add_friend: DefaultBool;
  only_owner_can_send_msg: DefaultBool;
  ext_setting: Generated<string | null>;
}

export interface GroupMembersTable {
  gid: number;
  uid: number;
  joined_at: number;
}

export interface MessagesTable {
  mid: Generated<number>;
  from_uid: number;
  /** Set for channel records; null for DMs. */
  gid: number | null;
  /** The sorted pair of a DM's two users; null for channel records. */
  dm_low: number | null;
  dm_high: number | null;
  /** The recipient as the sender addressed it, so `target` reads back exactly as inserted. */
  target_uid: number | null;
  created_at: number;
  /** `MessageDetail` as JSON text. */
  detail: string;
  /** The record a reply or reaction points at. */
  ref_mid: number | null;
  /** 'like' | 'edit' | 'delete' on reaction records; null on messages and replies. */
  reaction_kind: string | null;
  /** Set when the message was deleted (its text is erased then). */
  deleted_at: number | null;
  /** When the server deletes it (burn after reading); null when never. */
  expires_at: number | null;
}

export interface PinnedMessagesTable {
  gid: number;
  mid: number;
  created_by: number;
  created_at: number;
  /** The pinned message's current version. */
  content_type: string;
  content: string;
  /** JSON text or null. */
  properties: string | null;
}

/** One row per message (normal or reply) with its current text, for search (docs/search.md). */
export interface MessageSearchTable {
  mid: number;
  from_uid: number;
  gid: number | null;
  dm_low: number | null;
  dm_high: number | null;
  target_uid: number | null;
  created_at: number;
  content_type: string;
  /** The current version's text (what a snippet is cut from). */
  content: string;
  /** When the message was last edited, or null. */
  edited_at: number | null;
}

export interface ArchivesTable {
  /** `YYYY/M/D/<uuid>`. */
  path: string;
  created_by: number;
  created_at: number;
  /** The `Archive` as JSON text. */
  body: string;
}

/** The files an archive or favorite holds, by index (migration 0023). */
export interface ArchiveAttachmentsTable {
  /** `archive:<path>` or `favorite:<id>`. */
  owner: string;
  idx: number;
  file_id: string;
  /** 1 when the index serves the file's thumbnail. */
  thumbnail: number;
}

export interface FavoritesTable {
  id: string;
  uid: number;
  created_at: number;
  /** The `Archive` as JSON text. */
  body: string;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
}

export interface InvitesTable {
  token_hash: string;
  kind: string;
  gid: number | null;
  created_by: number;
  created_at: number;
  expires_at: number;
  max_times: number;
  used_times: number;
}

export interface EmailInvitesTable {
  token_hash: string;
  email: string;
  /** JSON array of channel ids. */
  gids: string;
}

/** An account's TOTP secret; `enabled_at` null while enrolment awaits its first code. */
export interface UserTotpTable {
  uid: number;
  secret: string;
  enabled_at: number | null;
  last_step: number;
  created_at: number;
}

export interface TotpRecoveryCodesTable {
  uid: number;
  code_hash: string;
  used_at: number | null;
}

/** An e-mail change awaiting the link mailed to the new address. */
export interface EmailChangesTable {
  token_hash: string;
  uid: number;
  email: string;
  created_at: number;
  expires_at: number;
  spent_at: number | null;
}

export interface MagicTokensTable {
  token_hash: string;
  /** 'login' | 'register'. */
  kind: string;
  email: string;
  password_hash: string | null;
  invite_hash: string | null;
  language: string | null;
  created_at: number;
  expires_at: number;
  spent_at: number | null;
}

export interface SigninChallengesTable {
  key_hash: string;
  /** 'oidc' | 'metamask' | 'thirdparty'. */
  kind: string;
  /** JSON: what the sign-in must find again. */
  data: string;
  expires_at: number;
}

export interface SigninLinksTable {
  /** 'oidc' | 'github' | 'google' | 'metamask' | 'thirdparty'. */
  method: string;
  /** The OpenID issuer; '' for the other methods. */
  issuer: string;
  subject: string;
  uid: number;
  created_at: number;
}

export interface ReadIndexTable {
  uid: number;
  /** 'user' or 'group'. */
  target_kind: string;
  target_id: number;
  mid: number;
}

export interface BotKeysTable {
  id: Generated<number>;
  uid: number;
  name: string;
  /** The visible start of the key (`pb.xxxxxxxx`). */
  prefix: string;
  /** SHA-256 of the whole key; the key itself is never stored. */
  key_hash: string;
  created_at: number;
  last_used: number | null;
}

export interface BotWebhooksTable {
  uid: number;
  /** Null when no webhook is set (the secret is kept for when one is set again). */
  url: string | null;
  secret: string;
  /** Records up to this mid are not delivered to it (it was set after them). */
  from_mid: number;
  updated_at: number;
}

/** The columns every delivery queue has (`store/kysely/lease-queue.ts` claims rows by them). */
export interface DeliveryQueueColumns {
  id: Generated<number>;
  uid: number;
  mid: number;
  /** What is delivered (JSON). */
  body: string;
  /** 'pending' | 'delivered' | 'failed'. */
  status: string;
  attempts: number;
  next_at: number;
  /** A node delivering the row holds it until then; 0 when free. */
  lease_until: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

/** `body`: the `ChatMessage` JSON posted. */
export type WebhookDeliveriesTable = DeliveryQueueColumns;

export interface WebhookCursorTable {
  id: number;
  mid: number;
}

export interface FilesTable {
  file_id: string;
  uid: number;
  filename: string;
  /** What `prepare` was told (or guessed from the name); the stored type is sniffed from the bytes. */
  declared_type: string;
  content_type: string | null;
  size: number;
  chunks: number;
  created_at: number;
  updated_at: number;
  /** `Y/M/D/<uuid>` once complete; null while uploading. */
  path: string | null;
  hash: string | null;
  width: number | null;
  height: number | null;
  thumbnail_key: string | null;
}

export interface FileChunksTable {
  file_id: string;
  n: number;
  blob_key: string;
  size: number;
}

export interface FileMessagesTable {
  mid: number;
  file_id: string;
  from_uid: number;
  gid: number | null;
  created_at: number;
}

export interface ChatSettingsTable {
  uid: number;
  /** 'user' or 'group'. */
  target_kind: string;
  target_id: number;
  /** 1 when muted, 0 otherwise (an integer on both dialects). */
  muted: number;
  mute_expired_at: number | null;
  burn_expires_in: number;
  pinned_at: number | null;
}

export interface ContactsTable {
  uid: number;
  target_uid: number;
  /** 'added' | 'blocked'. */
  status: string;
  created_at: number;
  updated_at: number;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface NotifyPrefsTable {
  uid: number;
  /** 'all' | 'mentions' | 'none'. */
  level: string;
  /** JSON: `NotifyOverride[]`. */
  overrides: string;
  quiet_start: number | null;
  quiet_end: number | null;
  quiet_offset: number | null;
  /** 1 when the e-mail digest is wanted. */
  email_digest: number;
  updated_at: number;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  uid: number;
  device: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
  updated_at: number;
}

/** `body`: the `PushPayload` JSON sent (encrypted) to the subscription. */
export interface NotifyDeliveriesTable extends DeliveryQueueColumns {
  /** 'webpush' | 'fcm'. */
  channel: string;
  /** The Web Push subscription ('webpush'). */
  subscription_id: number | null;
  /** The device whose FCM token is used ('fcm'). */
  device: string | null;
}

/** A user in a voice room (one room, one device per user). */
export interface VoiceMembersTable {
  uid: number;
  device: string;
  room: string;
  gid: number | null;
  /** JSON of the member's media state. */
  state: string;
  joined_at: number;
  seen_at: number;
}

/** A DM call ringing: one per callee and one per caller. */
export interface VoiceCallsTable {
  callee: number;
  caller: number;
  created_at: number;
}

/** A voice room on the SFU (0038). */
export interface VoiceSfuRoomsTable {
  room: string;
  url: string;
  created_at: number;
}

/** A Janus handle of a member of a room on the SFU (0038). */
export interface VoiceSfuHandlesTable {
  handle: number;
  session: number;
  url: string;
  room: string;
  uid: number;
  device: string;
  kind: 'publisher' | 'subscriber';
  feed: number | null;
  janus_id: string | null;
  up_at: number | null;
  created_at: number;
}

/** The audit log of administrative actions (append-only; 0025). */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_uid: number;
  actor_name: string;
  ip: string;
  device: string;
  action: string;
  target: string | null;
  detail: string | null;
}

/** A user's client preferences (migration 0027). */
export interface UserPreferencesTable {
  uid: number;
  /** JSON: `UserPreferences` without `updated_at`. */
  prefs: string;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  user_log: UserLogTable;
  devices: DevicesTable;
  refresh_tokens: RefreshTokensTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  messages: MessagesTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  file_messages: FileMessagesTable;
  settings: SettingsTable;
  invites: InvitesTable;
  email_invites: EmailInvitesTable;
  read_index: ReadIndexTable;
  pinned_messages: PinnedMessagesTable;
  bot_keys: BotKeysTable;
  bot_webhooks: BotWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_cursor: WebhookCursorTable;
  magic_tokens: MagicTokensTable;
  email_changes: EmailChangesTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  signin_challenges: SigninChallengesTable;
  signin_links: SigninLinksTable;
  message_search: MessageSearchTable;
  chat_settings: ChatSettingsTable;
  contacts: ContactsTable;
  job_leases: JobLeasesTable;
  archives: ArchivesTable;
  archive_attachments: ArchiveAttachmentsTable;
  favorites: FavoritesTable;
  notify_prefs: NotifyPrefsTable;
  push_subscriptions: PushSubscriptionsTable;
  notify_deliveries: NotifyDeliveriesTable;
  notify_cursor: WebhookCursorTable;
  voice_members: VoiceMembersTable;
  voice_calls: VoiceCallsTable;
  voice_sfu_rooms: VoiceSfuRoomsTable;
  voice_sfu_handles: VoiceSfuHandlesTable;
  audit_log: AuditLogTable;
  user_preferences: UserPreferencesTable;
}
