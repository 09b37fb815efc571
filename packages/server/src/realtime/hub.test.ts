import { describe, expect, it } from 'vitest';
import { InProcessBus } from './bus.js';
import { Hub, STREAM_BUFFER_CAP_BYTES, StreamConnection, type StreamSink } from './hub.js';

function sink(backlog = () => 0) {
  const frames: string[] = [];
  let ended = false;
  const s: StreamSink = {
    write: (f) => (frames.push(f), backlog()),
    end: () => void (ended = true),
  };
  return { s, frames, isEnded: () => ended };
}

describe('Hub', () => {
  it('serialises an envelope once and writes the same frame to every matching stream', async () => {
    const bus = new InProcessBus();
    const hub = new Hub(bus);
    await hub.start();
    const a = sink();
    const b = sink();
    const c = sink();
    const conns = [
      new StreamConnection('1', 1, 'web:a', a.s, (x) => hub.remove(x)),
      new StreamConnection('2', 2, 'web:b', b.s, (x) => hub.remove(x)),
      new StreamConnection('3', 3, 'web:c', c.s, (x) => hub.remove(x)),
    ];
    for (const conn of conns) {
      hub.add(conn);
      conn.goLive(0);
    }
    await bus.publish({ audience: { kind: 'users', uids: [1, 2] }, event: { type: 'heartbeat', time: 5 } });
    expect(a.frames).toEqual(['data: {"type":"heartbeat","time":5}\n\n']);
    expect(b.frames[0]).toBe(a.frames[0]);
    expect(c.frames).toEqual([]);
    await hub.stop();
  });

  it('writes an event that arrived serialised as it came, without serialising it again', async () => {
    const bus = new InProcessBus();
    const hub = new Hub(bus);
    await hub.start();
    const a = sink();
    const conn = new StreamConnection('1', 1, 'web:a', a.s, (x) => hub.remove(x));
    hub.add(conn);
    conn.goLive(0);
    // Spaced as JSON.stringify would not: the frame must carry this text, not a re-serialisation.
    const eventJson = '{"type": "heartbeat", "time": 7}';
    await bus.publish({ audience: { kind: 'all' }, event: { type: 'heartbeat', time: 7 }, eventJson });
    expect(a.frames).toEqual([`data: ${eventJson}\n\n`]);
    await hub.stop();
  });

  it('queues live frames during the initial sync and drops chat records the backlog carried', async () => {
    const out = sink();
    const conn = new StreamConnection('1', 1, 'd', out.s, () => {});
    const chat = (mid: number) => `data: {"mid":${mid}}\n\n`;
    conn.deliver(chat(4), 4, false);
    conn.deliver(chat(6), 6, false);
    conn.deliver('data: {"type":"heartbeat"}\n\n', undefined, false);
    expect(out.frames).toEqual([]);
    conn.goLive(5);
    expect(out.frames).toEqual([chat(6), 'data: {"type":"heartbeat"}\n\n']);
  });

  it("reaches the excepted device's stream only while that stream is still syncing", async () => {
    const bus = new InProcessBus();
    const hub = new Hub(bus);
    await hub.start();
    const syncing = sink();
    const live = sink();
    const first = new StreamConnection('1', 1, 'web:a', syncing.s, (x) => hub.remove(x));
    const second = new StreamConnection('2', 1, 'web:a', live.s, (x) => hub.remove(x));
    hub.add(first);
    hub.add(second);
    second.goLive(0);
    const beat = { type: 'heartbeat', time: 1 } as const;
    await bus.publish({ audience: { kind: 'users', uids: [1], exceptDevice: 'web:a' }, event: beat });
    expect(live.frames).toEqual([]);
    first.goLive(0);
    expect(syncing.frames).toEqual(['data: {"type":"heartbeat","time":1}\n\n']);
    await hub.stop();
  });

  it('drops a chat record that reaches a live stream after its backlog already carried it', () => {
    const out = sink();
    const conn = new StreamConnection('1', 1, 'd', out.s, () => {});
    const chat = (mid: number) => `data: {"mid":${mid}}\n\n`;
    // The backlog read mid 7 after its commit, before its publication reached this node.
    conn.goLive(7);
    conn.deliver(chat(7), 7, false);
    conn.deliver(chat(8), 8, false);
    conn.deliver(chat(8), 8, false);
    expect(out.frames).toEqual([chat(8)]);
  });

  it('cuts off a stream whose unsent bytes pass the cap', () => {
    let pending = 0;
    const out = sink(() => pending);
    let closed = false;
    const conn = new StreamConnection('1', 1, 'd', out.s, () => void (closed = true));
    conn.goLive(0);
    conn.deliver('data: {}\n\n', undefined, false);
    expect(closed).toBe(false);
    pending = STREAM_BUFFER_CAP_BYTES + 1;
    conn.deliver('data: {}\n\n', undefined, false);
    expect(closed).toBe(true);
    expect(out.isEnded()).toBe(true);
  });

  it('delivers to one device except the stream that caused the event', async () => {
    const bus = new InProcessBus();
    const hub = new Hub(bus);
    await hub.start();
    const old = sink();
    const fresh = sink();
    const c1 = new StreamConnection('old', 1, 'web:x', old.s, (x) => hub.remove(x));
    const c2 = new StreamConnection('new', 1, 'web:x', fresh.s, (x) => hub.remove(x));
    for (const c of [c1, c2]) {
      hub.add(c);
      c.goLive(0);
    }
    await bus.publish({
      audience: { kind: 'device', uid: 1, device: 'web:x', exceptConnection: 'new' },
      event: { type: 'kick', reason: 'login_from_other_device' },
      close: true,
    });
    expect(old.frames).toHaveLength(1);
    expect(old.isEnded()).toBe(true);
    expect(fresh.frames).toEqual([]);
    expect(hub.connectionCount()).toBe(1);
    await hub.stop();
  });
});
