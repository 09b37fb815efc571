import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent, StreamStatus } from '../store';
import { buildStreamUrl, createStreamClient, type EventSourceLike, type StreamDeps } from './stream-client';

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  send(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

function setup(overrides: Partial<StreamDeps> = {}) {
  const sources: FakeSource[] = [];
  const statuses: StreamStatus[] = [];
  const batches: StreamEvent[][] = [];
  const deps: StreamDeps = {
    createEventSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    getToken: () => 'tok',
    getCursor: () => ({ afterMid: 0, usersVersion: 0 }),
    ensureFreshToken: vi.fn(() => Promise.resolve()),
    isOnline: () => true,
    onStatus: (status) => statuses.push(status),
    onEvents: (events) => batches.push(events),
    onKick: vi.fn(),
    onReconnecting: vi.fn(),
    onReady: vi.fn(),
    // The top of each jitter range, so delays are exact: 1 s, 2 s, 4 s, ...
    random: () => 1,
    ...overrides,
  };
  const client = createStreamClient(deps, {
    reconnect: { initialMs: 1000, maxMs: 30_000 },
    keepAliveMs: 20_000,
    limit: 500,
    batchMs: 16,
  });
  const last = () => sources[sources.length - 1] as FakeSource;
  return { client, deps, sources, statuses, batches, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('buildStreamUrl', () => {
  it('adds the cursors only when set', () => {
    expect(buildStreamUrl('a b', { afterMid: 0, usersVersion: 0 }, 500)).toBe(
      '/api/user/events?limit=500&api-key=a+b',
    );
    expect(buildStreamUrl('t', { afterMid: 42, usersVersion: 7 }, 500)).toBe(
      '/api/user/events?limit=500&api-key=t&after_mid=42&users_version=7',
    );
  });
});

describe('stream client', () => {
  it('connects, batches events and flushes at ready', () => {
    const { client, statuses, batches, last, deps } = setup();
    client.start();
    expect(statuses).toEqual(['connecting']);
    last().open();
    last().send({ type: 'users_state', users: [] });
    last().send({ type: 'related_groups', groups: [] });
    expect(batches).toHaveLength(0);
    last().send({ type: 'ready' });
    expect(batches).toEqual([
      [{ type: 'users_state', users: [] }, { type: 'related_groups', groups: [] }, { type: 'ready' }],
    ]);
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(deps.onReady).toHaveBeenCalledOnce();
  });

  it('reconnects after an error, renewing the token first', async () => {
    const { client, sources, last, deps, statuses } = setup();
    client.start();
    last().open();
    last().fail();
    expect(sources[0]?.closed).toBe(true);
    expect(deps.onReconnecting).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.ensureFreshToken).toHaveBeenCalledOnce();
    expect(sources).toHaveLength(2);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  it('forces a reconnect when no heartbeat arrives for 20 s', async () => {
    const { client, sources, last } = setup();
    client.start();
    last().open();
    await vi.advanceTimersByTimeAsync(15_000);
    last().send({ type: 'heartbeat', time: 1 });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sources[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
  });

  it('stops and reports a kick', () => {
    const { client, last, deps } = setup();
    client.start();
    last().open();
    last().send({ type: 'kick', reason: 'login_from_other_device' });
    expect(deps.onKick).toHaveBeenCalledWith('login_from_other_device');
    expect(client.isRunning()).toBe(false);
    last().fail();
    expect(deps.onReconnecting).not.toHaveBeenCalled();
  });

  it('waits for the network instead of retrying while offline', async () => {
    let online = true;
    const { client, sources, last } = setup({ isOnline: () => online });
    client.start();
    last().open();
    online = false;
    client.suspend();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sources).toHaveLength(1);
    online = true;
    client.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(2);
  });

  it('stops when the token renewal is rejected and the login is gone', async () => {
    let token: string | null = 'tok';
    const { client, sources, last } = setup({
      getToken: () => token,
      ensureFreshToken: () => {
        token = null;
        return Promise.reject(new Error('401'));
      },
    });
    client.start();
    last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(1);
    expect(client.isRunning()).toBe(false);
  });

  it('keeps retrying, each time later, while the renewal cannot reach the server', async () => {
    let attempts = 0;
    const { client, sources, last } = setup({
      ensureFreshToken: () => (++attempts < 3 ? Promise.reject(new Error('network')) : Promise.resolve()),
    });
    client.start();
    last().fail();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 3999);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(3);
    expect(sources).toHaveLength(2);
    expect(client.isRunning()).toBe(true);
  });

  it('uses the cursors of the moment it reconnects', async () => {
    let afterMid = 0;
    const { client, last, sources } = setup({ getCursor: () => ({ afterMid, usersVersion: 3 }) });
    client.start();
    last().open();
    afterMid = 99;
    last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources[1]?.url).toContain('after_mid=99');
  });

  it('doubles the reconnect delay up to 30 s while connections fail, and starts over after ready', async () => {
    const { client, sources, last } = setup();
    client.start();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = sources.length;
      last().fail();
      let waited = 0;
      while (sources.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    last().open();
    last().send({ type: 'ready' });
    last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(9);
  });

  it('draws each delay at random below the ceiling (full jitter)', async () => {
    const draws = [0.25, 0.5, 0];
    const { client, sources, last } = setup({ random: () => draws.shift() ?? 0 });
    client.start();
    last().fail();
    await vi.advanceTimersByTimeAsync(249);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    last().fail();
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);
    last().fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(4);
  });
});

describe('frames', () => {
  it('drops and logs, in development, a frame that breaks the protocol; passes valid ones', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, batches, last } = setup();
    client.start();
    last().open();
    last().send({ type: 'user_joined_group', gid: 1, uid: ['2'] });
    last().send({ type: 'group_message_cleared', gid: 1 });
    last().send({ type: 'ready' });
    expect(batches).toEqual([[{ type: 'group_message_cleared', gid: 1 }, { type: 'ready' }]]);
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[2])).toContain('/uid/0: must be integer');
    error.mockRestore();
  });

  it('checks only the type in production builds', () => {
    vi.stubEnv('DEV', false);
    try {
      const { client, batches, last } = setup();
      client.start();
      last().open();
      last().send({ type: 'user_joined_group', gid: 1, uid: ['2'] });
      last().send({ kind: 'no type' });
      last().send({ type: 'ready' });
      expect(batches).toEqual([[{ type: 'user_joined_group', gid: 1, uid: ['2'] }, { type: 'ready' }]]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
