import { describe, expect, it } from 'vitest';
import type { Message } from '../state';
import { SELF, chat, edit, events, group, like, loggedIn, remove, run, text } from '../test/fixtures';

const G = { gid: 5 };
const mids = (state: ReturnType<typeof loggedIn>, key: 'g:5' | 'u:2' | 'u:1') =>
  state.messages.convs[key]?.mids ?? [];

function placeholder(localId: number, content = 'hello'): Message {
  return {
    mid: localId,
    conv: 'g:5',
    fromUid: SELF,
    createdAt: localId,
    contentType: 'text/plain',
    content,
    properties: { local_id: localId },
    replyMid: null,
    localId,
    sending: true,
    provisional: false,
    edited: false,
    editMid: 0,
    likes: [],
  };
}

describe('messages reducer: chat events', () => {
  it('stores normal messages per conversation in mid order and advances afterMid', () => {
    const state = events(loggedIn(), chat(text(12, 2, G)), chat(text(10, 2, G)));
    expect(mids(state, 'g:5')).toEqual([10, 12]);
    expect(state.messages.afterMid).toBe(12);
    expect(state.messages.convs['g:5']?.oldest).toBe(10);
  });

  it('files a DM under the other party, whoever sent it', () => {
    const state = events(loggedIn(), chat(text(1, SELF, { uid: 2 })), chat(text(2, 2, { uid: SELF })));
    expect(mids(state, 'u:2')).toEqual([1, 2]);
  });

  it('keeps a DM to oneself under the own uid', () => {
    const state = events(loggedIn(), chat(text(3, SELF, { uid: SELF })));
    expect(mids(state, 'u:1')).toEqual([3]);
  });

  it('drops a duplicate mid', () => {
    const once = events(loggedIn(), chat(text(7, 2, G, 'first')));
    const twice = events(once, chat(text(7, 2, G, 'second')));
    expect(twice.messages).toBe(once.messages);
  });

  it('does not advance afterMid for reactions', () => {
    const state = events(loggedIn(), chat(text(4, 2, G)), chat(like(9, 2, G, 4)));
    expect(state.messages.afterMid).toBe(4);
  });
});

describe('messages reducer: sending', () => {
  it('replaces the placeholder when the stream echoes its local_id', () => {
    let state = run(loggedIn(), { type: 'messages/sending', message: placeholder(1_700_000_000_123) });
    expect(state.messages.byMid[1_700_000_000_123]?.sending).toBe(true);
    state = events(state, chat(text(20, SELF, G, 'hello', 1_700_000_000_123)));
    expect(mids(state, 'g:5')).toEqual([20]);
    expect(state.messages.byMid[20]?.localId).toBe(1_700_000_000_123);
    state = run(state, { type: 'messages/sent', conv: 'g:5', localId: 1_700_000_000_123, mid: 20 });
    expect(mids(state, 'g:5')).toEqual([20]);
  });

  it('swaps the placeholder on the send response and then accepts the stream copy once', () => {
    let state = run(
      loggedIn(),
      { type: 'messages/sending', message: placeholder(1_700_000_000_500) },
      { type: 'messages/sent', conv: 'g:5', localId: 1_700_000_000_500, mid: 30 },
    );
    expect(mids(state, 'g:5')).toEqual([30]);
    expect(state.messages.byMid[30]).toMatchObject({ sending: false, provisional: true, content: 'hello' });
    expect(state.messages.afterMid).toBe(0);
    state = events(state, chat(text(30, SELF, G, 'hello', 1_700_000_000_500)));
    expect(mids(state, 'g:5')).toEqual([30]);
    expect(state.messages.byMid[30]).toMatchObject({ provisional: false });
    expect(state.messages.afterMid).toBe(30);
  });

  it('removes the placeholder on failure', () => {
    const state = run(
      loggedIn(),
      { type: 'messages/sending', message: placeholder(1_700_000_000_900) },
      { type: 'messages/failed', conv: 'g:5', localId: 1_700_000_000_900 },
    );
    expect(mids(state, 'g:5')).toEqual([]);
    expect(state.messages.byMid[1_700_000_000_900]).toBeUndefined();
  });
});

describe('messages reducer: reactions', () => {
  it('records likes once per record mid, so a replayed backlog does not toggle twice', () => {
    const base = events(loggedIn(), chat(text(4, 2, G)), chat(like(9, 2, G, 4)));
    const replay = events(base, chat(like(9, 2, G, 4)));
    expect(replay.messages.byMid[4]?.likes).toEqual([{ mid: 9, uid: 2, action: '👍' }]);
  });

  it('applies the newest edit and marks the message edited', () => {
    const state = events(
      loggedIn(),
      chat(text(4, 2, G)),
      chat(edit(11, 2, G, 4, 'late')),
      chat(edit(10, 2, G, 4, 'early')),
    );
    expect(state.messages.byMid[4]).toMatchObject({ content: 'late', edited: true, editMid: 11 });
  });

  it('deletes the target message', () => {
    const state = events(loggedIn(), chat(text(4, 2, G)), chat(text(5, 2, G)), chat(remove(6, 2, G, 4)));
    expect(mids(state, 'g:5')).toEqual([5]);
    expect(state.messages.byMid[4]).toBeUndefined();
  });

  it('holds reactions for targets not loaded yet and applies them when history brings the target', () => {
    let state = events(loggedIn(), chat(text(50, 2, G)), chat(remove(60, 2, G, 3)), chat(like(61, 2, G, 4)));
    expect(Object.keys(state.messages.pending)).toEqual(['3', '4']);
    state = run(state, {
      type: 'messages/history',
      conv: 'g:5',
      messages: [text(3, 2, G), text(4, 2, G)],
      limit: 100,
    });
    expect(mids(state, 'g:5')).toEqual([4, 50]);
    expect(state.messages.byMid[4]?.likes).toHaveLength(1);
    expect(state.messages.pending).toEqual({});
  });
});

describe('messages reducer: history and lifecycle', () => {
  it('marks a conversation exhausted when a page is short and never moves afterMid', () => {
    const state = run(events(loggedIn(), chat(text(90, 2, G))), {
      type: 'messages/history',
      conv: 'g:5',
      messages: [text(95, 2, G), text(80, 2, G)],
      limit: 100,
    });
    expect(mids(state, 'g:5')).toEqual([80, 90, 95]);
    expect(state.messages.afterMid).toBe(90);
    expect(state.messages.convs['g:5']).toMatchObject({ oldest: 80, exhausted: true });
  });

  it('uses the oldest record of any kind as the history cursor', () => {
    const state = run(loggedIn(), {
      type: 'messages/history',
      conv: 'g:5',
      messages: [like(40, 2, G, 1), text(41, 2, G)],
      limit: 2,
    });
    expect(state.messages.convs['g:5']).toMatchObject({ oldest: 40, exhausted: false });
  });

  it('drops a channel and its messages when kicked', () => {
    const state = events(loggedIn(), chat(text(4, 2, G)), {
      type: 'kick_from_group',
      gid: 5,
      reason: 'kick',
    });
    expect(state.messages.convs['g:5']).toBeUndefined();
    expect(state.messages.byMid[4]).toBeUndefined();
  });

  it('prunes conversations of channels missing from related_groups but keeps DMs', () => {
    const state = events(loggedIn(), chat(text(4, 2, G)), chat(text(6, 2, { uid: SELF })), {
      type: 'related_groups',
      groups: [group(7)],
    });
    expect(state.messages.convs['g:5']).toBeUndefined();
    expect(mids(state, 'u:2')).toEqual([6]);
  });

  it('restores a cache and resets everything on logout', () => {
    const cached = events(loggedIn(), chat(text(4, 2, G)));
    const message = cached.messages.byMid[4] as Message;
    const restored = run(loggedIn(), {
      type: 'cache/restored',
      cache: { afterMid: 4, usersVersion: 9, messages: [message] },
    });
    expect(mids(restored, 'g:5')).toEqual([4]);
    expect(restored.messages.afterMid).toBe(4);
    expect(restored.users.version).toBe(9);
    const out = run(restored, { type: 'auth/cleared' });
    expect(out.messages.byMid).toEqual({});
    expect(out.auth).toBeNull();
  });
});

describe('messages reducer: deleted originals', () => {
  it('remembers deleted mids and never brings a deleted message back from history', () => {
    let state = events(loggedIn(), chat(text(4, 2, G)), chat(remove(6, 2, G, 4)), chat(remove(7, 2, G, 2)));
    expect(state.messages.deleted).toEqual({ 4: true, 2: true });
    state = run(state, { type: 'messages/history', conv: 'g:5', messages: [text(2, 2, G)], limit: 100 });
    expect(state.messages.byMid[2]).toBeUndefined();
    expect(state.messages.pending).toEqual({});
  });
});
