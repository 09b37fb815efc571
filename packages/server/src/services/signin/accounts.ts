/**
 * An outside identity (OpenID Connect, GitHub, Google, MetaMask) to an account (API.md §2.1):
 * a linked identity signs its account in; an unlinked one with a verified e-mail of an existing
 * account links to it; otherwise a new account is made, when sign-up is open or an invite is
 * given. Every refusal creates and links nothing.
 */
import type { LoginResponse } from '@parley/protocol';
import type { Actor, Ctx } from '../../context.js';
import { sha256 } from '../../auth/tokens.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { requireAccountOwner } from '../../policy/index.js';
import type { SigninLink, UserRecord } from '../../store/types.js';
import { consumeInvite, findUsableInvite } from '../invites.js';
import { cleanName } from '../names.js';
import { issueSession } from '../sessions.js';
import { readSetting } from '../settings.js';
import { requireNoSecondFactor } from '../two-factor/challenge.js';
import { normaliseEmail } from '../email-address.js';
import { availableName, createAccount } from '../users.js';

export interface Identity {
  method: SigninLink['method'];
  /** The OpenID issuer; '' for the other methods. */
  issuer: string;
  subject: string;
  /** Only an address the identity provider has verified; null otherwise. */
  email: string | null;
  /** A display name to start the account with. */
  name: string;
}

export interface SignInOptions {
  magicToken: string | undefined;
  device: string | undefined;
  deviceToken: string | null;
}

/** Signs the identity's account in, linking or creating it as the rules above say. */
export async function signInWithIdentity(
  ctx: Ctx,
  identity: Identity,
  o: SignInOptions,
): Promise<LoginResponse> {
  const token = o.magicToken?.trim() || undefined;
  const invite = token ? await findUsableInvite(ctx, token) : undefined;
  if (token && !invite) throw badRequest('invite link is invalid or expired');
  const user =
    (await linkedUser(ctx, identity)) ?? (await createFor(ctx, identity, token, invite?.gid ?? undefined));
  if (user.status === 'frozen') throw new AppError('locked', 'account is frozen');
  await requireNoSecondFactor(ctx, user, o.device, o.deviceToken);
  return issueSession(ctx, user, o.device, o.deviceToken);
}

async function linkedUser(ctx: Ctx, identity: Identity): Promise<UserRecord | undefined> {
  const uid = await ctx.store.signin.findLink(identity.method, identity.issuer, identity.subject);
  if (uid !== undefined) return ctx.store.users.get(uid);
  if (!identity.email) return undefined;
  const user = await ctx.store.users.getByEmail(normaliseEmail(identity.email));
  if (!user || user.create_by === 'guest' || user.is_bot) return undefined;
  // Frozen accounts are refused by the caller before anything is linked.
  if (user.status === 'frozen') return user;
  await ctx.store.signin.addLink(linkOf(identity, user.uid, ctx.now()));
  return user;
}

async function createFor(
  ctx: Ctx,
  identity: Identity,
  token: string | undefined,
  inviteGid: number | undefined,
): Promise<UserRecord> {
  const config = await readSetting(ctx.store, 'loginConfig');
  if (config.who_can_sign_up !== 'EveryOne' && !token)
    throw new AppError('gone', 'no account is associated with this sign-in');
  const fallback = identity.email?.split('@')[0] || `${identity.method}-user`;
  const name = await availableName(ctx.store, cleanName(identity.name.trim() || fallback));
  const now = ctx.now();
  return createAccount(
    ctx,
    {
      email: identity.email ? normaliseEmail(identity.email) : null,
      name,
      gender: 0,
      language: 'en-US',
      is_admin: false,
      is_bot: false,
      avatar_updated_at: 0,
      create_by: identity.method,
      password_hash: null,
      status: 'normal',
      created_at: now,
      updated_at: now,
    },
    {
      inviteGid,
      inviteHash: token ? sha256(token) : undefined,
      claim: async (tx) => {
        if (token && !(await consumeInvite(tx, token, now)))
          throw badRequest('invite link is invalid or expired');
      },
      created: async (tx, user) => {
        if (!(await tx.signin.addLink(linkOf(identity, user.uid, now))))
          throw conflict('credential_conflict');
      },
    },
  );
}

/** `POST /token/bind`: links the identity to the signed-in account; 409 when it belongs to another. */
export async function bindIdentity(ctx: Ctx, actor: Actor, identity: Identity): Promise<void> {
  requireAccountOwner(actor, 'guests cannot link sign-in methods');
  const owner = await ctx.store.signin.findLink(identity.method, identity.issuer, identity.subject);
  if (owner === actor.uid) return;
  if (owner !== undefined) throw conflict('credential_conflict');
  if (!(await ctx.store.users.get(actor.uid))) throw notFound('no such user');
  if (!(await ctx.store.signin.addLink(linkOf(identity, actor.uid, ctx.now()))))
    throw conflict('credential_conflict');
}

const linkOf = (identity: Identity, uid: number, now: number): SigninLink => ({
  method: identity.method,
  issuer: identity.issuer,
  subject: identity.subject,
  uid,
  created_at: now,
});
