import { describe, expect, it } from 'vitest';
import { events, loggedIn, SELF, text } from '../../lib/store/test/fixtures';
import { alreadyDelivered, placeholderOf, type OutboxItem } from './outbox-store';

const item = (localId: number): OutboxItem => ({
  localId,
  conv: 'g:5',
  content: 'written offline',
  contentType: 'text/plain',
  properties: { local_id: localId },
  replyMid: null,
  attempted: true,
});

describe('outbox', () => {
  it('knows a send reached the server when the stream delivered its local_id', () => {
    const state = events(loggedIn(), { type: 'chat', ...text(10, SELF, { gid: 5 }, 'written offline', 777) });
    expect(alreadyDelivered(state, item(777), SELF)).toBe(true);
    expect(alreadyDelivered(state, item(778), SELF)).toBe(false);
  });

  it('does not take another user’s message with the same local_id, nor its own placeholder', () => {
    const other = events(loggedIn(), { type: 'chat', ...text(10, 2, { gid: 5 }, 'x', 777) });
    expect(alreadyDelivered(other, item(777), SELF)).toBe(false);
    const placeholder = placeholderOf(item(777), SELF);
    expect(placeholder).toMatchObject({ mid: 777, sending: true, fromUid: SELF, conv: 'g:5' });
  });
});
