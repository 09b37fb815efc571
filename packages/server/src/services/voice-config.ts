/**
 * Settings of Parley's own calls and what a client needs before joining: STUN/TURN servers with
 * short-lived TURN credentials in the coturn REST scheme (username `<expiry>:<uid>`, password
 * base64 HMAC-SHA1 of it under the shared `static-auth-secret`), the ICE candidate filter, and
 * the mesh size (docs/voice.md).
 */
import { createHmac } from 'node:crypto';
import type { IceServer, VoiceConfig, VoiceIce } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { requireAdmin } from '../policy/index.js';
import { audited, settingsDiff } from './audit.js';
import { readSetting, writeSetting } from './settings.js';

const ICE_URL = /^(stun|stuns|turn|turns):[^\s]+$/;

export async function getVoiceConfig(ctx: Ctx, actor: Actor): Promise<VoiceConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'voice');
}

export async function setVoiceConfig(ctx: Ctx, actor: Actor, config: VoiceConfig): Promise<void> {
  requireAdmin(actor);
  const clean = (urls: string[]) => urls.map((u) => u.trim()).filter((u) => u !== '');
  const stun_urls = clean(config.stun_urls);
  const turn_urls = clean(config.turn_urls);
  if (!stun_urls.every((u) => /^stuns?:/.test(u) && ICE_URL.test(u)))
    throw badRequest('STUN URLs start with stun:');
  if (!turn_urls.every((u) => /^turns?:/.test(u) && ICE_URL.test(u)))
    throw badRequest('TURN URLs start with turn:');
  const ice_address_prefixes = clean(config.ice_address_prefixes);
  if (!ice_address_prefixes.every((p) => /^[0-9a-fA-F.:]+$/.test(p))) {
    throw badRequest('address prefixes are IPv4 or IPv6 digits');
  }
  const before = await readSetting(ctx.store, 'voice');
  const sfu_url = config.sfu_url === undefined ? before.sfu_url : config.sfu_url.trim();
  if (sfu_url && !isSfuUrl(sfu_url)) throw badRequest('the SFU URL is an http(s) URL (Janus HTTP API)');
  const next = {
    ...config,
    stun_urls,
    turn_urls,
    ice_address_prefixes,
    sfu_url,
    sfu_limit: config.sfu_limit ?? before.sfu_limit,
  };
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'voice', next);
    await audit('settings.voice', 'settings:voice', settingsDiff(before, next));
  });
}

/** Janus's HTTP API base, e.g. `http://127.0.0.1:8088/janus`: http(s), no credentials, query or fragment. */
function isSfuUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === ''
  );
}

/** A coturn REST-scheme credential for `uid`, valid `ttl` seconds from `now` (ms). */
export function turnCredential(secret: string, uid: number, now: number, ttl: number) {
  const username = `${Math.floor(now / 1000) + ttl}:${uid}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

export async function getVoiceIce(ctx: Ctx, actor: Actor): Promise<VoiceIce> {
  const config = await readSetting(ctx.store, 'voice');
  const ice_servers: IceServer[] = [];
  if (config.stun_urls.length > 0) ice_servers.push({ urls: config.stun_urls });
  if (config.turn_urls.length > 0 && config.turn_secret !== '') {
    ice_servers.push({
      urls: config.turn_urls,
      ...turnCredential(config.turn_secret, actor.uid, ctx.now(), config.turn_ttl),
    });
  }
  return {
    ice_servers,
    ice_address_prefixes: config.ice_address_prefixes,
    mesh_limit: config.mesh_limit,
    mode: config.sfu_url ? 'sfu' : 'mesh',
  };
}
