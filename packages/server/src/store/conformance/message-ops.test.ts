import type { MessageDetail, MessageTarget } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { TargetGoneError } from '../errors.js';
import type { NewMessage } from '../types.js';
import { useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0, textMessage } from '../../../test/support/store-fixtures.js';

const reaction = (
  from: number,
  target: MessageTarget,
  mid: number,
  detail: Extract<MessageDetail, { type: 'reaction' }>['detail'],
): NewMessage => ({ from_uid: from, target, created_at: T0 + 10, detail: { type: 'reaction', mid, detail } });

describe('store conformance: replies, edits, deletes, pins', () => {
  const db = useTestStore();

  async function setup() {
    const { store } = db();
    const a = (await store.users.create(newUser())).uid;
    const g = await store.groups.create(newGroup());
    const target = { gid: g.gid };
    const message = await store.messages.insert(textMessage(a, target, 'hello', T0));
    return { store, a, g, target, message };
  }

  it('a reply or reaction needs a live message as its target, at commit', async () => {
    const { store, a, target, message } = await setup();
    const like = await store.messages.insert(
      reaction(a, target, message.mid, { type: 'like', action: '👍' }),
    );
    await expect(
      store.messages.insert(reaction(a, target, like.mid, { type: 'like', action: '👍' })),
    ).rejects.toBeInstanceOf(TargetGoneError);
    await expect(
      store.messages.insert(reaction(a, target, 999_999, { type: 'delete' })),
    ).rejects.toBeInstanceOf(TargetGoneError);
    expect(await store.messages.getLive(like.mid)).toBeUndefined();
    expect(await store.messages.getLive(message.mid)).toEqual(message);
    // A batch with a delete and then a like of the same message fails whole.
    const before = await store.messages.maxMid();
    await expect(
      store.messages.insertMany([
        reaction(a, target, message.mid, { type: 'delete' }),
        reaction(a, target, message.mid, { type: 'like', action: '👍' }),
      ]),
    ).rejects.toBeInstanceOf(TargetGoneError);
    expect(await store.messages.maxMid()).toBe(before);
    expect(await store.messages.getLive(message.mid)).toEqual(message);
  });

  it('a delete record erases the message and its edits; the versions are gone', async () => {
    const { store, a, target, message } = await setup();
    const edit = await store.messages.insert(
      reaction(a, target, message.mid, {
        type: 'edit',
        properties: { x: 1 },
        content_type: 'text/plain',
        content: 'secret',
      }),
    );
    expect(await store.messages.versions(message.mid)).toEqual([message, edit]);
    const deleted = await store.messages.insert(reaction(a, target, message.mid, { type: 'delete' }));
    expect(await store.messages.getLive(message.mid)).toBeUndefined();
    expect(await store.messages.versions(message.mid)).toEqual([]);
    expect(await store.messages.get(message.mid)).toMatchObject({
      detail: { type: 'normal', content: '', properties: null },
    });
    expect(await store.messages.get(edit.mid)).toMatchObject({
      detail: { detail: { type: 'edit', content: '', properties: null } },
    });
    expect(await store.messages.get(deleted.mid)).toEqual(deleted);
    await expect(
      store.messages.insert(reaction(a, target, message.mid, { type: 'delete' })),
    ).rejects.toBeInstanceOf(TargetGoneError);
  });

  it('pins: one per message and channel, listed by time, updated and removed', async () => {
    const { store, a, g, message } = await setup();
    const other = await store.groups.create(newGroup());
    const pin = {
      gid: g.gid,
      mid: message.mid,
      created_by: a,
      created_at: T0 + 5,
      content_type: 'text/plain',
      content: 'hello',
      properties: { local_id: 1 },
    };
    expect(await store.pins.add(pin)).toBe(true);
    expect(await store.pins.add({ ...pin, created_at: T0 + 6 })).toBe(false);
    const second = { ...pin, mid: message.mid + 1000, created_at: T0 + 1, properties: null };
    expect(await store.pins.add(second)).toBe(true);
    const { gid: _gid, ...view } = pin;
    const { gid: _gid2, ...secondView } = second;
    expect(await store.pins.listFor([g.gid, other.gid])).toEqual(new Map([[g.gid, [secondView, view]]]));
    expect(await store.pins.forMessage(message.mid)).toEqual(pin);
    expect(
      await store.pins.updateVersion(message.mid, {
        content_type: 'text/markdown',
        content: '*hi*',
        properties: null,
      }),
    ).toEqual({ ...pin, content_type: 'text/markdown', content: '*hi*', properties: null });
    expect(await store.pins.remove(g.gid, message.mid)).toBe(true);
    expect(await store.pins.remove(g.gid, message.mid)).toBe(false);
    expect(await store.pins.forMessage(message.mid)).toBeUndefined();
    expect(await store.pins.listFor([])).toEqual(new Map());
  });
});
