import { describe, expect, it } from 'vitest';
import type { Message } from '../../lib/store';
import { abilities, lastEditable } from './permissions';
import { locate } from './use-jump';
import { buildRows } from './message-rows';

function message(mid: number, fromUid: number, extra: Partial<Message> = {}): Message {
  return {
    mid,
    conv: 'g:1',
    fromUid,
    createdAt: 1_700_000_000_000 + mid,
    contentType: 'text/plain',
    content: `m${mid}`,
    properties: null,
    replyMid: null,
    localId: null,
    sending: false,
    provisional: false,
    edited: false,
    editMid: 0,
    likes: [],
    ...extra,
  };
}

describe('abilities', () => {
  const channel = { gid: 1, owner: 9 };
  it('lets the author edit and delete, others only reply and react', () => {
    expect(abilities(message(1, 2), { selfUid: 2, isAdmin: false, group: channel })).toMatchObject({
      edit: true,
      delete: true,
      pin: false,
      reply: true,
    });
    expect(abilities(message(1, 2), { selfUid: 3, isAdmin: false, group: channel })).toMatchObject({
      edit: false,
      delete: false,
      react: true,
    });
  });

  it('lets an administrator delete and pin but never edit another’s message', () => {
    expect(abilities(message(1, 2), { selfUid: 3, isAdmin: true, group: channel })).toMatchObject({
      edit: false,
      delete: true,
      pin: true,
    });
  });

  it('lets the owner pin, nobody pin in a DM or a public channel without admin rights', () => {
    expect(abilities(message(1, 2), { selfUid: 9, isAdmin: false, group: channel }).pin).toBe(true);
    expect(abilities(message(1, 2), { selfUid: 9, isAdmin: false, group: { gid: 1, owner: null } }).pin).toBe(
      false,
    );
    expect(abilities(message(1, 2), { selfUid: 2, isAdmin: true, group: null }).pin).toBe(false);
  });

  it('offers nothing while sending and no edit for files', () => {
    const sending = abilities(message(1, 2, { sending: true }), {
      selfUid: 2,
      isAdmin: true,
      group: channel,
    });
    expect(Object.values(sending).some(Boolean)).toBe(false);
    expect(
      abilities(message(1, 2, { contentType: 'vocechat/file' }), { selfUid: 2, isAdmin: false, group: null })
        .edit,
    ).toBe(false);
  });
});

describe('lastEditable', () => {
  it('finds the newest own text message that is not sending', () => {
    const list = [
      message(1, 2),
      message(2, 3),
      message(3, 2, { contentType: 'vocechat/file' }),
      message(4, 2, { sending: true }),
    ];
    expect(lastEditable(list, 2)?.mid).toBe(1);
    expect(lastEditable(list, 5)).toBeNull();
  });
});

describe('locate', () => {
  const rows = buildRows([message(10, 2), message(12, 2)]);
  it('finds a held message, asks for older pages for an older one, gives up otherwise', () => {
    expect(locate(rows, 12, false)).toEqual({ found: 2 });
    expect(locate(rows, 5, false)).toBe('load');
    expect(locate(rows, 5, true)).toBe('missing');
    expect(locate(rows, 11, false)).toBe('missing');
  });
});
