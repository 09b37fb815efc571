/**
 * The storage interfaces every adapter implements (docs/storage.md). Services depend on these
 * only; raw database rows never leave an adapter. Records mirror the wire shapes of
 * `@parley/protocol` plus the private columns the server needs.
 */
import type {
  ChatMessage,
  MessageDetail,
  MessageTarget,
  UserInfo,
  UserLog,
  VoiceMediaState,
} from '@parley/protocol';
import type { BotStore } from './bot-types.js';
import type { NotifyStore } from './notify-types.js';
import type { PreferenceStore } from './preference-types.js';
import type { DirectoryStore } from './directory-types.js';
import type { ArchiveStore, FavoriteStore } from './archive-types.js';
import type { TotpStore } from './totp-types.js';
import type { FileStore } from './file-types.js';
import type {
  EmailChangeStore,
  EmailInviteStore,
  InviteStore,
  MagicTokenStore,
  SessionStore,
} from './account-types.js';
import type { ChatSettingsStore, ContactStore, ReadIndexStore } from './conversation-types.js';
import type { PinStore, SearchStore } from './pin-search-types.js';
import type { AuditStore } from './audit-types.js';

export type * from './bot-types.js';
export type * from './notify-types.js';
export type * from './preference-types.js';
export type * from './directory-types.js';
export type * from './archive-types.js';
export type * from './totp-types.js';
export type * from './file-types.js';
export type * from './account-types.js';
export type * from './conversation-types.js';
export type * from './pin-search-types.js';
export type * from './audit-types.js';

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
  /**
   * `count()` for a license seat check, in the transaction that then creates the account: it first
   * takes a lock held until that transaction ends, so concurrent sign-ups count one after another.
   */
  countForSeat(): Promise<number>;
  update(uid: number, patch: UserPatch): Promise<UserRecord | undefined>;
  delete(uid: number): Promise<boolean>;
  /** Guest accounts created before `before`, oldest first, at most `limit` (for their cleanup). */
  guestsCreatedBefore(before: number, limit: number): Promise<number[]>;
}

/** `reader_uid`: a row for one reader only (a user they can now see; docs/api.md "Member directory"). */
export type NewUserLog = Omit<UserLog, 'log_id'> & { reader_uid?: number };

/** A stored row with the reader it is meant for (`null`: everyone). */
export interface StoredUserLog {
  log: UserLog;
  reader_uid: number | null;
}

/**
 * What a reader resuming from a version reads: rows (`personal` when meant for them alone), and
 * retraction markers: each user with a uid up to `upToUid` whom the reader does not see when
 * they read it is taken back with a `delete` row of that `log_id` (docs/api.md "Member directory").
 */
export type UserLogEntry =
  { kind: 'row'; log: UserLog; personal: boolean } | { kind: 'retract'; log_id: number; upToUid: number };

export interface UserLogStore {
  append(entry: NewUserLog): Promise<UserLog>;
  /** Appends rows in order, a few hundred per statement (one cursor lock for all), ascending. */
  appendMany(entries: readonly NewUserLog[]): Promise<StoredUserLog[]>;
  /** Appends a retraction marker for everyone (see `UserLogEntry`); returns its log id. */
  appendRetraction(upToUid: number): Promise<number>;
  /** Rows with `log_id > version` meant for everyone or for `reader`, ascending; markers left out. */
  listAfter(version: number, reader: number): Promise<UserLog[]>;
  /** `listAfter` with markers, and which rows were meant for `reader` alone. */
  listForReader(version: number, reader: number): Promise<UserLogEntry[]>;
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
   * Live messages and replies (no reaction records) created before `before`, in one channel or
   * everywhere else (direct messages and every existing channel not in `exceptGids`), by mid,
   * at most `limit` (message retention).
   */
  listOlderThan(before: number, scope: RetentionScope, limit: number): Promise<ChatMessage[]>;
  /**
   * Deletes every record (with its pins, search entries and file links) in one transaction under
   * the cursor lock; returns the highest mid deleted, 0 when there was none. Mids are never reused.
   */
  clearAll(): Promise<number>;
}

/** Which messages a retention pass looks at: one channel, or all but the channels with their own days. */
export type RetentionScope = { gid: number } | { exceptGids: readonly number[] };

export interface SettingsStore {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  /** Stores `value` unless the key exists; returns what is stored afterwards (the first writer wins). */
  setIfAbsent<T>(key: string, value: T): Promise<T>;
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
  /** Takes the user out of their room; with `device`, only when they joined from that device. */
  leave(uid: number, device?: string): Promise<VoiceMemberRecord | undefined>;
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

/** A voice room on the SFU (docs/voice.md "SFU"). */
export interface VoiceSfuRoomRecord {
  room: string;
  /** The Janus HTTP API base it runs on. */
  url: string;
  created_at: number;
}

/** A Janus handle Parley made for a member of a room on the SFU. */
export interface VoiceSfuHandleRecord {
  handle: number;
  /** The Janus session (of the node that made it) the handle lives in. */
  session: number;
  url: string;
  room: string;
  uid: number;
  device: string;
  kind: 'publisher' | 'subscriber';
  /** A subscriber's publisher (uid). */
  feed: number | null;
  /** A publisher's id in the Janus room. */
  janus_id: string | null;
  /** When a publisher's media reached Janus. */
  up_at: number | null;
  created_at: number;
}

/** Rooms on the SFU and their members' Janus handles. */
export interface VoiceSfuStore {
  room(room: string): Promise<VoiceSfuRoomRecord | undefined>;
  /** Puts the room on the SFU at `url` unless it already is; returns the room as stored. */
  openRoom(room: VoiceSfuRoomRecord): Promise<VoiceSfuRoomRecord>;
  /** Takes the room off the SFU; returns its handles (removed too). */
  closeRoom(room: string): Promise<VoiceSfuHandleRecord[]>;
  addHandle(handle: VoiceSfuHandleRecord): Promise<void>;
  handle(handle: number): Promise<VoiceSfuHandleRecord | undefined>;
  handles(room: string): Promise<VoiceSfuHandleRecord[]>;
  /** The handles made in one Janus session (a node's), of every room. */
  sessionHandles(session: number): Promise<VoiceSfuHandleRecord[]>;
  /** Removes these handles; returns those that were still there. */
  removeHandles(handles: number[]): Promise<VoiceSfuHandleRecord[]>;
  /** Marks a publisher's media up; the handle when it was not up before. */
  markUp(handle: number, at: number): Promise<VoiceSfuHandleRecord | undefined>;
}

/** What a sign-in started and must find again (API.md §2.2): single use, short-lived. */
export interface SigninChallenge {
  /** SHA-256 of the key the client holds (an OpenID `state`, a MetaMask address). */
  key_hash: string;
  kind: 'oidc' | 'metamask' | 'thirdparty';
  data: string;
  expires_at: number;
}

/** An outside identity bound to an account. */
export interface SigninLink {
  method: 'oidc' | 'github' | 'google' | 'metamask' | 'thirdparty';
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
  readonly emailChanges: EmailChangeStore;
  readonly totp: TotpStore;
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
  readonly voiceSfu: VoiceSfuStore;
  readonly audit: AuditStore;
  readonly preferences: PreferenceStore;
  readonly directory: DirectoryStore;
  /** Runs `fn` in one transaction; everything it does through `tx` commits or rolls back together. */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
  /** Throws when the database is unreachable (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
