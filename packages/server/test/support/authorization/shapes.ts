/** The shapes and shorthands of the authorization table (../authorization-table.ts). */
import type { RequestOptions, TestUser } from '../server.js';

export const ROLES = ['anonymous', 'guest', 'member', 'nonMember', 'owner', 'admin', 'bot'] as const;
export type Role = (typeof ROLES)[number];

/** What one call gets to work on; made anew for every call, so calls never see each other's effects. */
export interface Fixture {
  /** A private channel owned by `owner` with `member` in it, and one message. */
  gid: number;
  mid: number;
  /** An ordinary user outside the channel: the DM peer and the one added to channels. */
  peer: TestUser;
  /** The caller (undefined for anonymous). */
  actor: TestUser | undefined;
  /** The uid of `member` (to remove them). */
  memberUid: number;
  png: Buffer;
  /** Unique per call, for names and emails. */
  n: number;
  /** An invite to the channel made by its owner (only for the invite routes that need one). */
  inviteId?: string;
  /** The bot (not in the channel) that the bot role calls as, and the admin bot routes manage. */
  botUid: number;
  /** A key of that bot made for this call (only for the route that revokes one). */
  botKeyId?: number;
}

export interface AuthRow {
  method: string;
  /** As Fastify registered it. */
  route: string;
  /** The concrete path; by default `:gid` is the fixture channel and `:uid` the peer. */
  path?: (f: Fixture) => string;
  /** A valid request body, so that the status reflects permission and not validation. */
  body?: (f: Fixture) => RequestOptions;
  /**
   * The call spends the caller's session or account (logout, deleting the account, changing the
   * password): each call gets a caller of that role of its own.
   */
  fresh?: boolean;
  expect: Record<Role, number | null>;
}

// Shorthands for the common shapes.
export const everyone = (status: number) => row(status, status, status, status, status, status);
export const signedIn = (status = 200) => row(401, status, status, status, status, status);
export const adminOnly = () => row(401, 403, 403, 403, 403, 200);
export function row(
  anonymous: number,
  guest: number,
  member: number,
  nonMember: number,
  owner: number,
  admin: number,
  bot = anonymous,
): Record<Role, number | null> {
  return { anonymous, guest, member, nonMember, owner, admin, bot };
}
/** The bot API: a bot key or nothing (401 for every user token). */
export const botOnly = (bot: number) => row(401, 401, 401, 401, 401, 401, bot);
export const toBot = (f: Fixture) => (route: string) => route.replace(':uid', String(f.botUid));

export const json = (value: unknown): RequestOptions => ({ json: value });
/** A valid browser key pair's public half and an auth secret (a subscription's `keys`). */
export const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
export const quiet = { muted: false, deafened: false, video: false, screen: false };
export const multipartChunk = (fileId: string): RequestOptions => ({
  body:
    `--b\r\ncontent-disposition: form-data; name="file_id"\r\n\r\n${fileId}\r\n` +
    `--b\r\ncontent-disposition: form-data; name="chunk_data"; filename="blob"\r\n\r\nhello\r\n` +
    `--b\r\ncontent-disposition: form-data; name="chunk_is_last"\r\n\r\ntrue\r\n--b--\r\n`,
  headers: { 'content-type': 'multipart/form-data; boundary=b' },
});
export const image = (f: Fixture): RequestOptions => ({
  body: f.png,
  headers: { 'content-type': 'image/png' },
});
