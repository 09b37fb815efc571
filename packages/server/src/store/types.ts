/**
 * The storage interfaces every adapter implements (docs/storage.md). Services depend on these
 * only; raw database rows never leave an adapter. Records mirror the wire shapes of
 * `@parley/protocol` plus the private columns the server needs.
 */
import type {
  ChatMessage,
  MessageDetail,
  MessageTarget,
  PinnedMessage,
  UserInfo,
  UserLog,
  VoiceMediaState,
} from '@parley/protocol';
import type { SearchTerm } from './search-text.js';
import type { BotStore } from './bot-types.js';
import type { NotifyStore } from './notify-types.js';
import type { ArchiveStore, FavoriteStore } from './archive-types.js';
import type { FileStore } from './file-types.js';

export type * from './bot-types.js';
export type * from './notify-types.js';
export type * from './archive-types.js';
export type * from './file-types.js';

export type UserStatus = 'normal' | 'frozen';

export interface UserRecord extends UserInfo {
  password_hash: string | null;
  status: UserStatus;
  created_at: number;
  updated_at: number;
}

export type NewUser = Omit<UserRecord, 'uid'>;
export type UserPatch = Partial<Omit<UserRecord, 'uid' | 'created_at'>>;

export interface UserStore {
  create(user: NewUser): Promise<UserRecord>;
  get(uid: number): Promise<UserRecord | undefined>;
  getMany(uids: readonly number[]): Promise<UserRecord[]>;
  /** Emails are stored lower-cased; the lookup lower-cases too. */
  getByEmail(email: string): Promise<UserRecord | undefined>;
  /** Names are unique case-insensitively. */
  getByName(name: string): Promise<UserRecord | undefined>;
  /** Every non-guest user, ascending by uid. */
  list(): Promise<UserRecord[]>;
  listUids(): Promise<number[]>;
  count(): Promise<number>;
  update(uid: number, patch: UserPatch): Promise<UserRecord | undefined>;
  delete(uid: number): Promise<boolean>;
  /** Guest accounts created before `before`, oldest first, at most `limit` (for their cleanup). */
  guestsCreatedBefore(before: number, limit: number): Promise<number[]>;
}

export type NewUserLog = Omit<UserLog, 'log_id'>;

export interface UserLogStore {
  append(entry: NewUserLog): Promise<UserLog>;
  /** Rows with `log_id > version`, ascending. */
  listAfter(version: number): Promise<UserLog[]>;
  latestVersion(): Promise<number>;
}

export type GroupRecord = {
  gid: number;
  name: string;
  description: string | null;
  owner: number | null;
  is_public: boolean;
  avatar_updated_at: number;
  created_at: number;
} & ChannelSwitches;

/** The per-channel switches of SPEC §3 (API.md §5.1); `ext_setting` is the client's own JSON string. */
export interface ChannelSwitches {
  show_email: boolean;
  dm_to_member: boolean;
  add_friend: boolean;
  only_owner_can_send_msg: boolean;
  ext_setting: string | null;
}

export type NewGroup = Omit<GroupRecord, 'gid' | keyof ChannelSwitches> & Partial<ChannelSwitches>;
export type GroupPatch = Partial<Omit<GroupRecord, 'gid' | 'created_at'>>;

export interface GroupStore {
  create(group: NewGroup): Promise<GroupRecord>;
  get(gid: number): Promise<GroupRecord | undefined>;
  /** Public groups plus the private groups `uid` is a member of, ascending by gid. */
  listVisibleTo(uid: number): Promise<GroupRecord[]>;
  listAll(): Promise<GroupRecord[]>;
  count(): Promise<number>;
  update(gid: number, patch: GroupPatch): Promise<GroupRecord | undefined>;
  /** Deletes the group and its memberships; its messages stay for the record but are no longer served. */
  delete(gid: number): Promise<boolean>;
  members(gid: number): Promise<number[]>;
  /** Members of many groups at once: gid -> uids ascending. */
  membersOf(gids: readonly number[]): Promise<Map<number, number[]>>;
  isMember(gid: number, uid: number): Promise<boolean>;
  /** Adds the uids that are not yet members; returns the ones actually added. */
  addMembers(gid: number, uids: readonly number[], joinedAt: number): Promise<number[]>;
  /** Removes the uids that are members; returns the ones actually removed. */
  removeMembers(gid: number, uids: readonly number[]): Promise<number[]>;
  clearMembers(gid: number): Promise<void>;
  /** Removes a user from every group (account deletion); returns the gids they left. */
  removeUserEverywhere(uid: number): Promise<number[]>;
  /** The channels two users share: every public one plus the private ones both are members of, by gid. */
  sharedBy(a: number, b: number): Promise<GroupRecord[]>;
}

export interface NewMessage {
  from_uid: number;
  created_at: number;
  target: MessageTarget;
  detail: MessageDetail;
}

export interface HistoryPage {
  before?: number;
  limit: number;
}

export interface MessageStore {
  /**
   * Assigns the next global `mid` and stores the record. Mids are strictly increasing in commit
   * order on every adapter, so a reader that has seen mid N has seen every committed mid < N.
   * A reply or reaction needs a live target (a message, not deleted) at commit, else it throws
   * `TargetGoneError`; a delete record erases its target's text and that of its edits.
   */
  insert(message: NewMessage): Promise<ChatMessage>;
  /** Inserts several in one transaction, all or none; their mids ascend in input order. */
  insertMany(messages: readonly NewMessage[]): Promise<ChatMessage[]>;
  get(mid: number): Promise<ChatMessage | undefined>;
  /** A message (normal or reply record) that is not deleted; undefined for anything else. */
  getLive(mid: number): Promise<ChatMessage | undefined>;
  /** The message's live records: the message itself, then its edit records, ascending. */
  versions(mid: number): Promise<ChatMessage[]>;
  /** The newest `limit` records of a channel with `mid < before`, ascending. */
  groupHistory(gid: number, page: HistoryPage): Promise<ChatMessage[]>;
  /** The newest `limit` records between two users with `mid < before`, ascending; `target` is as stored. */
  dmHistory(a: number, b: number, page: HistoryPage): Promise<ChatMessage[]>;
  /**
   * Records with `mid > afterMid` in the given channels and in DMs involving `uid`, ascending,
   * at most `limit` (callers page by passing the last mid back).
   */
  listForUser(uid: number, gids: readonly number[], afterMid: number, limit: number): Promise<ChatMessage[]>;
  /**
   * A new device's backlog: per conversation of the user, its newest `perConversation` live
   * messages and every record from the oldest of them on, except reactions to older messages
   * (so a burst of likes cannot push the messages out); ascending overall.
   */
  recentForUser(uid: number, gids: readonly number[], perConversation: number): Promise<ChatMessage[]>;
  maxMid(): Promise<number>;
  /** The largest committed mid below `mid`, or 0: lets a node spot a record it never heard of. */
  previousMid(mid: number): Promise<number>;
  /** Every record with `afterMid < mid <= throughMid`, ascending, at most `limit`. */
  listRange(afterMid: number, throughMid: number, limit: number): Promise<ChatMessage[]>;
  /** Live messages whose `expires_at` is at or before `now`, oldest expiry first, at most `limit`. */
  listExpired(now: number, limit: number): Promise<ChatMessage[]>;
  /**
   * Deletes every record (with its pins, search entries and file links) in one transaction under
   * the cursor lock; returns the highest mid deleted, 0 when there was none. Mids are never reused.
   */
  clearAll(): Promise<number>;
}

export interface DeviceRecord {
  uid: number;
  device: string;
  /** Changes at every login: tokens carry it, so logging in again or out revokes older tokens. */
  session_id: string;
  device_token: string | null;
  created_at: number;
  updated_at: number;
}

export interface RefreshTokenRecord {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  uid: number;
  device: string;
  session_id: string;
  expires_at: number;
  spent_at: number | null;
}

export interface SessionStore {
  upsertDevice(device: DeviceRecord): Promise<void>;
  getDevice(uid: number, device: string): Promise<DeviceRecord | undefined>;
  listDevices(uid: number): Promise<DeviceRecord[]>;
  /** Deletes the device, every refresh token of it and its push subscription. */
  deleteDevice(uid: number, device: string): Promise<boolean>;
  deleteAllDevices(uid: number): Promise<void>;
  insertRefreshToken(token: RefreshTokenRecord): Promise<void>;
  getRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined>;
  /** Every stored refresh token of one device, spent ones included. */
  listRefreshTokens(uid: number, device: string): Promise<RefreshTokenRecord[]>;
  /** Marks the token spent only if it is not spent yet; returns whether this call spent it. */
  spendRefreshToken(tokenHash: string, spentAt: number): Promise<boolean>;
  /**
   * Deletes the device's refresh tokens that no rule needs any more: those of other sessions, the
   * expired ones, and spent ones beyond the newest `keepSpent` (kept for reuse detection).
   */
  pruneRefreshTokens(
    uid: number,
    device: string,
    sessionId: string,
    now: number,
    keepSpent: number,
  ): Promise<void>;
}

export interface SettingsStore {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  /** Stores `value` unless the key exists; returns what is stored afterwards (the first writer wins). */
  setIfAbsent<T>(key: string, value: T): Promise<T>;
}

export interface InviteRecord {
  token_hash: string;
  /** `register`: a sign-up link; `private`: a private channel's invite for existing users. */
  kind: 'register' | 'private';
  gid: number | null;
  created_by: number;
  created_at: number;
  expires_at: number;
  max_times: number;
  used_times: number;
}

export interface InviteStore {
  create(invite: InviteRecord): Promise<void>;
  get(tokenHash: string): Promise<InviteRecord | undefined>;
  /** Counts one use if the invite is unexpired and not used up; returns whether it did. */
  consume(tokenHash: string, now: number): Promise<boolean>;
  /** The invites not yet expired at `now`, oldest first. */
  listUnexpired(now: number): Promise<InviteRecord[]>;
  delete(tokenHash: string): Promise<boolean>;
}

/** An invitation mailed to an address: its invite (same hash) and the channels the new account joins. */
export interface EmailInviteRecord {
  token_hash: string;
  email: string;
  gids: number[];
}

export interface EmailInviteStore {
  create(record: EmailInviteRecord): Promise<void>;
  get(tokenHash: string): Promise<EmailInviteRecord | undefined>;
}

/** A magic-link token (stored hashed): a login link, or a sign-up link for an address without an account. */
export interface MagicTokenRecord {
  token_hash: string;
  kind: 'login' | 'register';
  email: string;
  /** Set on a sign-up link that `send_reg_magic_link` made: the password the person chose. */
  password_hash: string | null;
  /** The invite a sign-up link came with; it is counted when the account is created. */
  invite_hash: string | null;
  language: string | null;
  created_at: number;
  expires_at: number;
  spent_at: number | null;
}

export interface MagicTokenStore {
  create(token: MagicTokenRecord): Promise<void>;
  get(tokenHash: string): Promise<MagicTokenRecord | undefined>;
  /** Marks the token spent if it is unexpired and unspent; returns whether it did (single use). */
  spend(tokenHash: string, now: number): Promise<boolean>;
  /** Removes tokens expired before `before`; returns how many. */
  deleteExpired(before: number): Promise<number>;
}

export type ReadTarget = { uid: number } | { gid: number };

export interface ReadIndexStore {
  list(
    uid: number,
  ): Promise<{ users: { uid: number; mid: number }[]; groups: { gid: number; mid: number }[] }>;
  /** Stores the position only when it moves forward; returns whether it did. */
  advance(uid: number, target: ReadTarget, mid: number): Promise<boolean>;
  removeTarget(target: ReadTarget): Promise<void>;
}

/** One user's settings for one conversation (API.md §9.3 `user_settings`). */
export interface ChatSettingRecord {
  target: ReadTarget;
  muted: boolean;
  /** ms; null = muted until unmuted. */
  mute_expired_at: number | null;
  /** Seconds after which the user's own messages there are deleted; 0 = off. */
  burn_expires_in: number;
  /** ms; null = not pinned. */
  pinned_at: number | null;
}

export type ChatSettingPatch = Partial<Omit<ChatSettingRecord, 'target'>>;

export interface ChatSettingsStore {
  /** Every conversation the user has a setting for, users before groups, ascending by id. */
  list(uid: number): Promise<ChatSettingRecord[]>;
  get(uid: number, target: ReadTarget): Promise<ChatSettingRecord | undefined>;
  /** Creates or updates the user's row for that conversation with the given fields. */
  update(uid: number, target: ReadTarget, patch: ChatSettingPatch): Promise<void>;
  /** Forgets every user's settings for a conversation (a deleted group or user). */
  removeTarget(target: ReadTarget): Promise<void>;
}

export interface ContactRecord {
  uid: number;
  target_uid: number;
  status: 'added' | 'blocked';
  created_at: number;
  updated_at: number;
}

export interface ContactStore {
  /** The user's contacts, ascending by target uid. */
  list(uid: number): Promise<ContactRecord[]>;
  get(uid: number, targetUid: number): Promise<ContactRecord | undefined>;
  /** Sets the status, keeping `created_at` of an existing row; returns the stored row. */
  set(uid: number, targetUid: number, status: 'added' | 'blocked', now: number): Promise<ContactRecord>;
  /** Removes the row; returns whether there was one. */
  remove(uid: number, targetUid: number): Promise<boolean>;
}

export interface JobLeaseStore {
  /**
   * Takes or renews the lease `name` for `holder` until `until` when it is free, expired at `now`
   * or already the holder's; returns whether the holder has it.
   */
  acquire(name: string, holder: string, now: number, until: number): Promise<boolean>;
  /** Gives the lease up if the holder has it. */
  release(name: string, holder: string): Promise<void>;
}

/** A pin with the pinned message's current version (API.md §9.3 `PinnedMessage`). */
export interface PinRecord extends PinnedMessage {
  gid: number;
}

export interface PinStore {
  /** Stores the pin unless the message is pinned already; returns whether it did. */
  add(pin: PinRecord): Promise<boolean>;
  remove(gid: number, mid: number): Promise<boolean>;
  /** The pin of a message, if any (a message belongs to one channel). */
  forMessage(mid: number): Promise<PinRecord | undefined>;
  /** Replaces the pinned version after an edit; returns the pin as now stored. */
  updateVersion(
    mid: number,
    version: Pick<PinnedMessage, 'content_type' | 'content' | 'properties'>,
  ): Promise<PinRecord | undefined>;
  /** The pins of many channels: gid -> pins by pinning time. */
  listFor(gids: readonly number[]): Promise<Map<number, PinnedMessage[]>>;
}

/** A search, already parsed (`store/search-text.ts`), with the reader it runs for. */
export interface SearchFilter {
  /** The reader: only channels they may read (public or member) and their own DMs are searched. */
  uid: number;
  terms: readonly SearchTerm[];
  from?: number;
  gid?: number;
  /** Only the DM between the reader and this user. */
  dmWith?: number;
  contentTypes?: readonly string[];
  /** `created_at` bounds in ms: `after <= created_at < before`. */
  after?: number;
  before?: number;
  /** Paging: only mids below this one. */
  beforeMid?: number;
  limit: number;
}

/** A matching message with its current text, newest first. */
export interface SearchRecord {
  mid: number;
  from_uid: number;
  target: MessageTarget;
  created_at: number;
  content_type: string;
  content: string;
  edited_at: number | null;
}

export interface SearchStore {
  /**
   * Messages matching every term that the reader may read, newest first. The permission is part
   * of the query (a join on the reader's channels and DMs), never a filter applied afterwards.
   */
  search(filter: SearchFilter): Promise<SearchRecord[]>;
}

export interface VoiceMemberRecord {
  uid: number;
  device: string;
  room: string;
  gid: number | null;
  state: VoiceMediaState;
  joined_at: number;
  seen_at: number;
}

export interface VoiceCallRecord {
  caller: number;
  callee: number;
  created_at: number;
}

/** Voice rooms and ringing calls (docs/voice.md). Members not seen since `staleBefore` count as gone. */
export interface VoiceStore {
  /**
   * Puts the user in a room (replacing any other room or device) unless that would make it more
   * than `roomLimit` members, or it is a new room and `callLimit` rooms (0: any number) are in use.
   */
  join(
    member: VoiceMemberRecord,
    limits: { roomLimit: number; callLimit: number },
  ): Promise<
    { joined: false; reason: 'room_full' | 'too_many_calls' } | { joined: true; replaced?: VoiceMemberRecord }
  >;
  /** Takes the user out of their room; returns the row removed. */
  leave(uid: number): Promise<VoiceMemberRecord | undefined>;
  member(uid: number): Promise<VoiceMemberRecord | undefined>;
  members(room: string): Promise<VoiceMemberRecord[]>;
  /** Updates a member's state and `seen_at`; false when not in a room. */
  touch(uid: number, state: VoiceMediaState, seenAt: number): Promise<boolean>;
  /** Rooms with their member counts. */
  rooms(): Promise<{ room: string; gid: number | null; count: number }[]>;
  /** Removes members not seen since `staleBefore`; returns them. */
  pruneStale(staleBefore: number): Promise<VoiceMemberRecord[]>;
  /** Starts ringing; false when either side already rings or is rung. */
  ring(call: VoiceCallRecord): Promise<boolean>;
  /** The call ringing between these two (either direction). */
  callBetween(a: number, b: number): Promise<VoiceCallRecord | undefined>;
  /** Whether the user is ringing someone or being rung. */
  isRinging(uid: number): Promise<boolean>;
  /** Ends a ringing call; false when it was not ringing any more (someone else ended it). */
  endCall(caller: number, callee: number, createdAt?: number): Promise<boolean>;
}

/** What a sign-in started and must find again (API.md §2.2): single use, short-lived. */
export interface SigninChallenge {
  /** SHA-256 of the key the client holds (an OpenID `state`, a MetaMask address). */
  key_hash: string;
  kind: 'oidc' | 'metamask';
  data: string;
  expires_at: number;
}

/** An outside identity bound to an account. */
export interface SigninLink {
  method: 'oidc' | 'github' | 'google' | 'metamask';
  issuer: string;
  subject: string;
  uid: number;
  created_at: number;
}

export interface SigninStore {
  putChallenge(challenge: SigninChallenge): Promise<void>;
  /** Removes and returns an unexpired challenge; undefined when absent, of another kind or expired. */
  takeChallenge(
    keyHash: string,
    kind: SigninChallenge['kind'],
    now: number,
  ): Promise<SigninChallenge | undefined>;
  deleteExpiredChallenges(now: number): Promise<number>;
  findLink(method: SigninLink['method'], issuer: string, subject: string): Promise<number | undefined>;
  /** False when that identity is linked already. */
  addLink(link: SigninLink): Promise<boolean>;
  linksOf(uid: number): Promise<SigninLink[]>;
}

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly users: UserStore;
  readonly userLog: UserLogStore;
  readonly groups: GroupStore;
  readonly messages: MessageStore;
  readonly sessions: SessionStore;
  readonly settings: SettingsStore;
  readonly invites: InviteStore;
  readonly emailInvites: EmailInviteStore;
  readonly readIndex: ReadIndexStore;
  readonly pins: PinStore;
  readonly bots: BotStore;
  readonly magicTokens: MagicTokenStore;
  readonly signin: SigninStore;
  readonly files: FileStore;
  readonly search: SearchStore;
  readonly chatSettings: ChatSettingsStore;
  readonly contacts: ContactStore;
  readonly jobLeases: JobLeaseStore;
  readonly archives: ArchiveStore;
  readonly favorites: FavoriteStore;
  readonly notify: NotifyStore;
  readonly voice: VoiceStore;
  /** Runs `fn` in one transaction; everything it does through `tx` commits or rolls back together. */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
  /** Throws when the database is unreachable (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
