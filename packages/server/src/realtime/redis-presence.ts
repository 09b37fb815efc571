/**
 * Presence across nodes: a user is online while any node holds a stream of theirs. Each node
 * counts its own streams in a hash of its own and adds them into one shared count, both in one
 * script. Nodes beat every few seconds; a node that stops beating (crashed) is reaped by any other:
 * its counts are taken back out and the users left with none are announced offline. Each device's
 * streams are counted the same way (node hash field `d:<uid>:<device>`, shared hash `devices`), so
 * that a device's voice call ends when it has no stream left on any node (docs/voice.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { deviceField, type Presence } from './presence.js';
import type { RedisKeys } from './redis.js';

export const HEARTBEAT_MS = 5_000;
/** Three missed beats: long enough for a GC pause, short enough for an offline dot to be right. */
export const NODE_EXPIRY_MS = 15_000;

const CONNECT = `
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
if ARGV[2] ~= '' then
  redis.call('HINCRBY', KEYS[1], 'd:' .. ARGV[2], 1)
  redis.call('HINCRBY', KEYS[3], ARGV[2], 1)
end
return redis.call('HINCRBY', KEYS[2], ARGV[1], 1)`;

// A stream opened before this node's counts were reset (Redis restarted) has nothing to undo.
const DISCONNECT = `
if ARGV[2] ~= '' then
  local m = redis.call('HINCRBY', KEYS[1], 'd:' .. ARGV[2], -1)
  if m <= 0 then redis.call('HDEL', KEYS[1], 'd:' .. ARGV[2]) end
  if m >= 0 then
    local e = redis.call('HINCRBY', KEYS[3], ARGV[2], -1)
    if e <= 0 then redis.call('HDEL', KEYS[3], ARGV[2]) end
  end
end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
if n < 0 then return -1 end
local g = redis.call('HINCRBY', KEYS[2], ARGV[1], -1)
if g <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) return 0 end
return g`;

// Takes one node's counts out of the shared count; returns the uids left with no stream.
const REAP = `
local entries = redis.call('HGETALL', KEYS[1])
local gone = {}
for i = 1, #entries, 2 do
  local field = entries[i]
  if string.sub(field, 1, 2) == 'd:' then
    local device = string.sub(field, 3)
    local e = redis.call('HINCRBY', KEYS[4], device, -tonumber(entries[i + 1]))
    if e <= 0 then redis.call('HDEL', KEYS[4], device) end
  else
    local g = redis.call('HINCRBY', KEYS[2], field, -tonumber(entries[i + 1]))
    if g <= 0 then
      redis.call('HDEL', KEYS[2], field)
      table.insert(gone, field)
    end
  end
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return gone`;

export class RedisPresence implements Presence {
  private timer: NodeJS.Timeout | undefined;
  private onOffline: (uids: number[]) => void = () => {};

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    readonly nodeId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async connect(uid: number, device?: string): Promise<number> {
    const { keys } = this;
    const field = device === undefined ? '' : deviceField(uid, device);
    return (await this.redis.eval(
      CONNECT,
      3,
      keys.node(this.nodeId),
      keys.online,
      keys.devices,
      uid,
      field,
    )) as number;
  }

  async streams(uid: number): Promise<number> {
    return Number((await this.redis.hget(this.keys.online, String(uid))) ?? 0);
  }

  async deviceStreams(uid: number, device: string): Promise<number> {
    return Number((await this.redis.hget(this.keys.devices, deviceField(uid, device))) ?? 0);
  }

  async disconnect(uid: number, device?: string): Promise<boolean> {
    const { keys } = this;
    const field = device === undefined ? '' : deviceField(uid, device);
    const n = await this.redis.eval(
      DISCONNECT,
      3,
      keys.node(this.nodeId),
      keys.online,
      keys.devices,
      uid,
      field,
    );
    return n === 0;
  }

  async onlineUids(): Promise<number[]> {
    return (await this.redis.hkeys(this.keys.online)).map(Number);
  }

  async isOnline(uid: number): Promise<boolean> {
    return (await this.redis.hexists(this.keys.online, String(uid))) === 1;
  }

  /** Starts beating and reaping; `onOffline` announces users a dead node's crash left offline. */
  start(onOffline: (uids: number[]) => void): void {
    this.onOffline = onOffline;
    const tick = () =>
      this.beatAndReap().catch((err: unknown) => this.log.warn({ err }, 'presence heartbeat failed'));
    void tick();
    this.timer = setInterval(tick, HEARTBEAT_MS);
    this.timer.unref();
  }

  /**
   * Forgets this node's own counts: after Redis came back, every stream this node held was closed
   * and their disconnects may not have reached Redis.
   */
  async resetSelf(): Promise<void> {
    await this.reap(this.nodeId);
    await this.redis.zadd(this.keys.nodes, Date.now(), this.nodeId);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.reap(this.nodeId).catch(() => {});
  }

  private async beatAndReap(): Promise<void> {
    const now = Date.now();
    await this.redis.zadd(this.keys.nodes, now, this.nodeId);
    const dead = await this.redis.zrangebyscore(this.keys.nodes, '-inf', now - NODE_EXPIRY_MS);
    for (const nodeId of dead) {
      if (nodeId !== this.nodeId) await this.reap(nodeId);
    }
  }

  private async reap(nodeId: string): Promise<void> {
    const gone = (await this.redis.eval(
      REAP,
      4,
      this.keys.node(nodeId),
      this.keys.online,
      this.keys.nodes,
      this.keys.devices,
      nodeId,
    )) as string[];
    if (gone.length > 0) this.onOffline(gone.map(Number));
  }
}
