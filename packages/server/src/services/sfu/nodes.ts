/**
 * This node's Janus sessions: one per SFU URL, made on first use, with its long poll of events
 * (docs/voice.md "SFU"). Handles other nodes made live in their sessions; Janus's HTTP API lets
 * any node post to them by id (`postToHandle`), but their asynchronous events (`webrtcup`,
 * `hangup`) reach only the node whose session polls them.
 */
import type { Ctx } from '../../context.js';
import { type JanusEvent, VideoRoomClient } from './janus.js';

export interface SfuListeners {
  /** An asynchronous event of the session (`webrtcup`, `hangup`, …). */
  event(ctx: Ctx, client: VideoRoomClient, event: JanusEvent): Promise<void>;
  /** Janus no longer knows the session (already forgotten here: the next use makes a new one). */
  lost(ctx: Ctx, client: VideoRoomClient): Promise<void>;
}

const nodes = new WeakMap<Ctx, Map<string, Promise<VideoRoomClient>>>();

function clientsOf(ctx: Ctx): Map<string, Promise<VideoRoomClient>> {
  let clients = nodes.get(ctx);
  if (!clients) {
    clients = new Map();
    nodes.set(ctx, clients);
  }
  return clients;
}

/** This node's session on the SFU at `url` (connecting on first use); rejects when unreachable. */
export function sfuClient(ctx: Ctx, url: string, on: SfuListeners): Promise<VideoRoomClient> {
  const clients = clientsOf(ctx);
  // Keyed as the session's own baseUrl, which dropSfuClient looks up.
  const key = url.replace(/\/+$/, '');
  let pending = clients.get(key);
  if (!pending) {
    pending = VideoRoomClient.connect(key).then((client) => {
      client.session.onEvent((event) => {
        on.event(ctx, client, event).catch((err: unknown) => ctx.log.warn({ err }, 'sfu event failed'));
      });
      client.session.onLost(() => {
        dropSfuClient(ctx, client);
        ctx.log.warn({ session: client.session.id }, 'sfu session lost');
        on.lost(ctx, client).catch((err: unknown) => ctx.log.warn({ err }, 'sfu session rebuild failed'));
      });
      return client;
    });
    const mine = pending;
    clients.set(key, mine);
    mine.catch(() => {
      if (clients.get(key) === mine) clients.delete(key);
    });
  }
  return pending;
}

/** Forgets a session (Janus no longer knows it, or shutdown); the next use reconnects. */
function dropSfuClient(ctx: Ctx, client: VideoRoomClient): void {
  const clients = clientsOf(ctx);
  const url = client.session.baseUrl;
  void clients.get(url)?.then((current) => {
    if (current === client) clients.delete(url);
  });
  void client.close();
}

/** Ends this node's sessions (shutdown): Janus drops their handles, so that media stops. */
export async function closeSfuClients(ctx: Ctx): Promise<void> {
  const clients = nodes.get(ctx);
  if (!clients) return;
  nodes.delete(ctx);
  for (const pending of clients.values()) {
    const client = await pending.catch(() => undefined);
    await client?.close();
  }
}
