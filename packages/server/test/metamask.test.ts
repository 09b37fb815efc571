/**
 * MetaMask sign-in (API.md §2.1–§2.2; issue 12): `GET /token/metamask/nonce` and the `metamask`
 * credential, signed here with a viem local account (EIP-191). Nonces are single use and expire;
 * a wrong signature, address or nonce is 401; everything is 403 while the method is off; every
 * refusal leaves no account or session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { patchLoginConfig } from './support/login-config.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now });
let admin: TestUser;

const setMetamask = (enabled: boolean, patch: Record<string, unknown> = {}) =>
  patchLoginConfig(t, admin, { metamask: enabled, ...patch });
beforeAll(async () => {
  admin = await createAdmin(t);
  await setMetamask(true);
});

let n = 0;
const nonceFor = (address: string) =>
  t.request('GET', `/token/metamask/nonce?public_address=${encodeURIComponent(address)}`);
const credential = (public_address: string, nonce: string, signature: string, extra = {}) => ({
  type: 'metamask',
  public_address,
  nonce,
  signature,
  ...extra,
});
const login = (cred: unknown) =>
  t.request('POST', '/token/login', { json: { credential: cred, device: `web:mm${++n}`, device_token: '' } });
async function userCount(): Promise<number> {
  return ((await t.request('GET', '/admin/user', { token: admin.token })).json as unknown[]).length;
}
async function signedNonce(account = privateKeyToAccount(generatePrivateKey())) {
  const res = await nonceFor(account.address);
  expect(res.status, res.text).toBe(200);
  const nonce = res.json as string;
  return { account, nonce, signature: await account.signMessage({ message: nonce }) };
}

describe('GET /token/metamask/nonce', () => {
  it('answers a fresh JSON string nonce per call', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const a = await nonceFor(address);
    const b = await nonceFor(address.toLowerCase());
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^application\/json/);
    expect(typeof a.json).toBe('string');
    expect(a.json).not.toBe(b.json);
  });

  it('400 for something that is not an address, 403 while MetaMask is off', async () => {
    for (const bad of ['0x1234', 'hello', '0xZZ00000000000000000000000000000000000000'])
      expect((await nonceFor(bad)).status, bad).toBe(400);
    expect((await t.request('GET', '/token/metamask/nonce')).status).toBe(400);
    await setMetamask(false);
    try {
      expect((await nonceFor(privateKeyToAccount(generatePrivateKey()).address)).status).toBe(403);
    } finally {
      await setMetamask(true);
    }
  });
});

describe('the metamask credential', () => {
  it('creates an account for a new address (no e-mail), then signs the same one in', async () => {
    const first = await signedNonce();
    const res = await login(credential(first.account.address, first.nonce, first.signature));
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({ email: null, create_by: 'metamask', is_admin: false });
    const again = await signedNonce(first.account);
    const res2 = await login(credential(first.account.address.toLowerCase(), again.nonce, again.signature));
    expect(res2.status, res2.text).toBe(200);
    expect(res2.json.user.uid).toBe(res.json.user.uid);
    const creds = await t.request('GET', '/token/credentials', { token: res.json.token });
    expect(creds.json).toEqual({
      password: false,
      google: null,
      metamask: first.account.address.toLowerCase(),
      oidc: [],
    });
  });

  it('a nonce works once; a replay is 401', async () => {
    const s = await signedNonce();
    expect((await login(credential(s.account.address, s.nonce, s.signature))).status).toBe(200);
    const before = await userCount();
    expect((await login(credential(s.account.address, s.nonce, s.signature))).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('401 for another signer, another address, an unknown or expired nonce; nothing is created', async () => {
    const before = await userCount();
    const s = await signedNonce();
    const other = privateKeyToAccount(generatePrivateKey());
    const forged = await other.signMessage({ message: s.nonce });
    expect((await login(credential(s.account.address, s.nonce, forged))).status).toBe(401);

    const s2 = await signedNonce();
    expect((await login(credential(other.address, s2.nonce, s2.signature))).status).toBe(401);
    expect((await login(credential(s2.account.address, 'no-such-nonce', s2.signature))).status).toBe(401);

    const s3 = await signedNonce();
    now += 6 * 60_000;
    try {
      expect((await login(credential(s3.account.address, s3.nonce, s3.signature))).status).toBe(401);
    } finally {
      now = Date.now();
    }
    expect(await userCount()).toBe(before);
  });

  it('400 for a malformed address or signature', async () => {
    const s = await signedNonce();
    expect((await login(credential('0x12', s.nonce, s.signature))).status).toBe(400);
    expect((await login(credential(s.account.address, s.nonce, 'not hex'))).status).toBe(400);
  });

  it('403 while MetaMask is off; 410 for a new address under InvitationOnly', async () => {
    const s = await signedNonce();
    await setMetamask(false);
    try {
      expect((await login(credential(s.account.address, s.nonce, s.signature))).status).toBe(403);
    } finally {
      await setMetamask(true);
    }
    await setMetamask(true, { who_can_sign_up: 'InvitationOnly' });
    try {
      const before = await userCount();
      const s2 = await signedNonce();
      expect((await login(credential(s2.account.address, s2.nonce, s2.signature))).status).toBe(410);
      expect(await userCount()).toBe(before);
    } finally {
      await setMetamask(true, { who_can_sign_up: 'EveryOne' });
    }
  });

  it('binds to a signed-in account; 409 when linked to another', async () => {
    const erin = await createUser(t);
    const s = await signedNonce();
    const bind = (user: TestUser, cred: unknown) =>
      t.request('POST', '/token/bind', { token: user.token, json: { credential: cred } });
    expect((await bind(erin, credential(s.account.address, s.nonce, s.signature))).status).toBe(200);
    const back = await signedNonce(s.account);
    const res = await login(credential(s.account.address, back.nonce, back.signature));
    expect(res.json.user.uid).toBe(erin.uid);
    const frank = await createUser(t);
    const again = await signedNonce(s.account);
    expect((await bind(frank, credential(s.account.address, again.nonce, again.signature))).status).toBe(409);
  });
});
