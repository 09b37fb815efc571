import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkServerEvent, EventShapeError } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStream } from './support/sse.js';

describe('checkServerEvent', () => {
  it('passes every event of the protocol, the cleared events included', () => {
    for (const event of [
      { type: 'ready' },
      { type: 'user_joined_group', gid: 3, uid: [1, 2] },
      { type: 'message_cleared', latest_deleted_mid: 40 },
      { type: 'group_message_cleared', gid: 3 },
    ]) {
      expect(checkServerEvent(event)).toBe(event);
    }
  });

  it('names the field that is wrong, checked against the member the type names', () => {
    const check = (value: unknown) => () => checkServerEvent(value);
    expect(check({ type: 'user_joined_group', gid: 3, uid: ['2'] })).toThrow('/uid/0: must be integer');
    expect(check({ type: 'group_message_cleared' })).toThrow(/\/: must have required properties gid/);
    expect(check({ type: 'user_juggling', uid: 1 })).toThrow('/type: unknown event type "user_juggling"');
    expect(check([1])).toThrow(EventShapeError);
  });
});

/** The test stream reader against a server that sends one good and one bad frame. */
describe('the test stream reader', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"type":"users_state","users":[]}\n\n');
      res.write('data: {"type":"users_state_changed","uid":2,"online":"yes"}\n\n');
      res.write('data: {"type":"ready"}\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails on the first frame that is not a ServerEvent, with its path, and keeps nothing after it', async () => {
    const s = await openTestStream(url, 'token');
    try {
      await expect(s.ready(2000)).rejects.toThrow(/users_state_changed.*\/online: must be boolean/);
      expect(s.invalid?.message).toMatch('/online: must be boolean');
      expect(s.events.map((e) => e.type)).toEqual(['users_state']);
    } finally {
      s.close();
    }
  });
});
