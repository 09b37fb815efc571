/** Record builders for the store conformance suite (unique names and emails per call). */
import type { MessageDetail, MessageTarget } from '@parley/protocol';
import type { NewGroup, NewMessage, NewUser } from '../../src/store/index.js';

/** Beyond 2^32 on purpose: millisecond timestamps must round-trip as 64-bit. */
export const T0 = 1_767_225_600_000;

let counter = 0;
const next = () => `${process.pid}-${++counter}`;

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const n = next();
  return {
    email: `user-${n}@example.com`,
    name: `User ${n}`,
    gender: 0,
    language: 'en-US',
    is_admin: false,
    is_bot: false,
    avatar_updated_at: 0,
    create_by: 'password',
    password_hash: '$argon2id$fake',
    status: 'normal',
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

export function newGroup(overrides: Partial<NewGroup> = {}): NewGroup {
  return {
    name: `Channel ${next()}`,
    description: null,
    owner: null,
    is_public: true,
    avatar_updated_at: 0,
    created_at: T0,
    ...overrides,
  };
}

export function textDetail(content: string): MessageDetail {
  return {
    type: 'normal',
    properties: { local_id: T0 },
    content_type: 'text/plain',
    content,
    expires_in: null,
  };
}

export function textMessage(
  from_uid: number,
  target: MessageTarget,
  content = 'hello',
  created_at = T0,
): NewMessage {
  return { from_uid, target, created_at, detail: textDetail(content) };
}
