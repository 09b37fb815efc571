/**
 * Guest mode (API.md §2.2, SPEC §4, §6): when the login configuration allows it, anyone gets a
 * guest account that reads public channels and sends nothing (the rules are in `policy/`). Guests
 * are nobody's users: they are never announced or listed, and they are removed a week after they
 * were made.
 */
import { randomInt } from 'node:crypto';
import type { LoginResponse } from '@parley/protocol';
import type { Ctx } from '../context.js';
import { forbidden } from '../errors.js';
import { issueSession } from './sessions.js';
import { readSetting } from './settings.js';

export const GUEST_LIFETIME_MS = 7 * 24 * 3_600_000;
const GUEST_DEVICE = 'guest_device';
/** Guests removed per sign-in at most, so one request never does unbounded work. */
const CLEANUP_BATCH = 100;

/** `address` is the client's IP address: guest accounts count against the registration limit. */
export async function loginGuest(ctx: Ctx, address: string): Promise<LoginResponse> {
  const config = await readSetting(ctx.store, 'loginConfig');
  if (!config.guest) throw forbidden('guest mode is off');
  await ctx.limits.register(address);
  await removeOldGuests(ctx);
  const now = ctx.now();
  const user = await createGuest(ctx, now);
  return issueSession(ctx, user, GUEST_DEVICE, null);
}

async function createGuest(ctx: Ctx, now: number) {
  // A name clash is only possible between guests: retry with another number.
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.store.users.create({
        email: null,
        name: `User${randomInt(100_000, 1_000_000)}`,
        gender: 0,
        language: 'en-US',
        is_admin: false,
        is_bot: false,
        avatar_updated_at: 0,
        create_by: 'guest',
        password_hash: null,
        status: 'normal',
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      if (attempt >= 5) throw err;
    }
  }
}

/** Deletes guests older than a week (their devices and tokens with them). */
export async function removeOldGuests(ctx: Ctx): Promise<number> {
  const old = await ctx.store.users.guestsCreatedBefore(ctx.now() - GUEST_LIFETIME_MS, CLEANUP_BATCH);
  await removeGuests(ctx, old);
  return old.length;
}

/**
 * Guest mode turned off ends guest access: every guest is removed and their streams are closed,
 * so no guest session outlives the setting (a widget visitor reading as a guest starts over).
 */
export async function endGuestAccess(ctx: Ctx): Promise<void> {
  for (;;) {
    const batch = await ctx.store.users.guestsCreatedBefore(Number.MAX_SAFE_INTEGER, CLEANUP_BATCH);
    if (batch.length === 0) return;
    await removeGuests(ctx, batch);
  }
}

async function removeGuests(ctx: Ctx, uids: readonly number[]): Promise<void> {
  for (const uid of uids) {
    await ctx.store.transaction(async (tx) => {
      await tx.sessions.deleteAllDevices(uid);
      await tx.users.delete(uid);
    });
    await ctx.bus.publish({
      audience: { kind: 'users', uids: [uid] },
      event: { type: 'kick', reason: 'delete_user' },
      close: true,
    });
  }
}
