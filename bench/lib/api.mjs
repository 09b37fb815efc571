/**
 * Setting a run up through Parley's own API, as a client would: the admin, one public channel and
 * the reader users who own the streams. Only the stream tokens skip HTTP (see mintSessions in
 * parley-dist.mjs), since thousands of logins would mostly measure argon2.
 */

const PASSWORD = 'bench-Pa55-word-q7x';
const ADMIN = 'admin@bench.invalid';

export async function api(port, method, p, { token, json } = {}) {
  const headers = {};
  let body;
  if (json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  if (token) headers['x-api-key'] = token;
  const res = await fetch(`http://127.0.0.1:${port}/api${p}`, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The admin's token for sending (a fresh one per node: access tokens live 300 s). */
export async function login(port) {
  const r = await api(port, 'POST', '/token/login', {
    json: { credential: { type: 'password', email: ADMIN, password: PASSWORD }, device: 'bench-sender' },
  });
  return { token: r.token, adminUid: r.user.uid };
}

/** The admin, the public channel `bench` and `readerCount` reader users, on an empty database. */
export async function setupChannel(port, readerCount) {
  await api(port, 'POST', '/admin/system/create_admin', {
    json: { email: ADMIN, name: 'bench-admin', password: PASSWORD, gender: 0 },
  });
  const { token, adminUid } = await login(port);
  const { gid } = await api(port, 'POST', '/group', { token, json: { name: 'bench', is_public: true } });
  const readers = [];
  for (let i = 0; i < readerCount; i++) {
    const r = await api(port, 'POST', '/user/register', {
      json: {
        email: `reader${i}@bench.invalid`,
        password: PASSWORD,
        name: `reader${i}`,
        gender: 0,
        device: 'web',
      },
    });
    readers.push(r.user.uid);
  }
  return { token, adminUid, gid, readers };
}

/**
 * Stream tokens, minted by a server process (`host`, with mintSessions) right before they are used,
 * since access tokens live 300 s: `n` tokens spread round-robin over the reader users, each its own
 * device. Device names carry a batch number, so no two batches on one database share a device.
 */
export function tokenMinter() {
  let batch = 0;
  return async (host, readers, n) => {
    if (n <= 0) return [];
    batch += 1;
    const per = Math.ceil(n / readers.length);
    const lists = [];
    for (const [i, uid] of readers.entries()) {
      lists.push(await host.call('mintSessions', [uid, `b${batch}-r${i}`, per], 120_000));
    }
    const tokens = [];
    for (let k = 0; tokens.length < n; k++)
      tokens.push(lists[k % readers.length][Math.floor(k / readers.length)]);
    return tokens;
  };
}

/** A node's `/ready` answer once it is 200 (30 s at most). */
export async function waitReady(port, label) {
  let last = '';
  for (let i = 0; i < 150; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ready`);
      last = await res.text();
      if (res.status === 200) return JSON.parse(last);
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${label} not ready after 30 s: ${last}`);
}
