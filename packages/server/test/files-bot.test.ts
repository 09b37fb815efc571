/**
 * Bot uploads (API.md §7.1, §10.2): `POST /bot/file/prepare` and `POST /bot/file/upload` with a bot
 * key behave as the user pair; the path is sent with `/bot/send_to_*` as a `vocechat/file` message.
 * An upload belongs to whoever prepared it, bot or person.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkBody, prepare, sendChunk } from './support/files.js';
import { createBot, type TestBot } from './support/bots.js';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer({ env: { FILE_MAX_BYTES: '2500000' } });
let admin: TestUser;
let alice: TestUser;
let bot: TestBot;
beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
  bot = await createBot(t, admin);
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const asBot = (key = bot.key) => ({ 'x-api-key': key });

const botPrepare = (json: unknown, key?: string) =>
  t.request('POST', '/bot/file/prepare', { headers: asBot(key), json });

function botChunk(fileId: string, data: Buffer, isLast: boolean, key?: string) {
  const { body, headers } = chunkBody(fileId, data, isLast);
  return t.request('POST', '/bot/file/upload', { body, headers: { ...headers, ...asBot(key) } });
}

describe('bot uploads', () => {
  it('prepare, chunks with null answers, the last answers path/size/hash; the file is sent and served', async () => {
    const data = Buffer.alloc(1_700_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) & 0xff;
    const prepared = await botPrepare({ content_type: 'application/octet-stream', filename: 'report.bin' });
    expect(prepared.status).toBe(200);
    expect(prepared.text).toMatch(/^"[0-9a-f-]{36}"$/);
    const id = prepared.json as string;
    const first = await botChunk(id, data.subarray(0, 1_000_000), false);
    expect([first.status, first.text]).toEqual([200, 'null']);
    const last = await botChunk(id, data.subarray(1_000_000), true);
    expect(last.status).toBe(200);
    expect(last.json).toMatchObject({ size: data.length, hash: sha(data), image_properties: null });

    const sent = await t.request('POST', `/bot/send_to_user/${alice.uid}`, {
      headers: { ...asBot(), 'content-type': 'vocechat/file' },
      body: JSON.stringify({ path: last.json.path }),
    });
    expect(sent.status, sent.text).toBe(200);
    const history = await t.request('GET', `/user/${bot.uid}/history`, { token: alice.token });
    expect(history.json.find((m: { mid: number }) => m.mid === sent.json)).toMatchObject({
      detail: {
        content_type: 'vocechat/file',
        content: last.json.path,
        properties: { name: 'report.bin', size: data.length },
      },
    });
    const got = await t.request('GET', `/resource/file?file_path=${encodeURIComponent(last.json.path)}`);
    expect(got.bytes.equals(data)).toBe(true);
  });

  it('a bad key is 401; a user token is not a bot key', async () => {
    expect((await botPrepare({ filename: 'a.txt' }, 'not-a-key')).status).toBe(401);
    expect((await botPrepare({ filename: 'a.txt' }, alice.token)).status).toBe(401);
    expect(
      (await botChunk('00000000-0000-0000-0000-000000000000', Buffer.from('x'), true, 'nope')).status,
    ).toBe(401);
  });

  it("no one continues another's upload: unknown file_id (400) both ways, nothing stored", async () => {
    const botsId = (await botPrepare({ filename: 'b.txt' })).json as string;
    expect((await sendChunk(t, alice, botsId, Buffer.from('alice'), true)).status).toBe(400);
    const alicesId = await prepare(t, alice, 'a.txt');
    expect((await botChunk(alicesId, Buffer.from('bot'), true)).status).toBe(400);
    const status = await t.request('GET', `/resource/file/upload?file_id=${alicesId}`, {
      token: alice.token,
    });
    expect(status.json).toMatchObject({ received: 0, chunks: 0, completed: false });
    const done = await botChunk(botsId, Buffer.from('bot text'), true);
    expect(done.json).toMatchObject({ size: 8, hash: sha(Buffer.from('bot text')) });
  });

  it('bad input: missing file_id 400, a chunk past the size limit 413, a non-multipart body 400', async () => {
    expect((await botChunk('', Buffer.from('x'), true)).status).toBe(400);
    const id = (await botPrepare({ filename: 'big.bin' })).json as string;
    expect((await botChunk(id, Buffer.alloc(1_000_000), false)).status).toBe(200);
    expect((await botChunk(id, Buffer.alloc(1_000_000), false)).status).toBe(200);
    expect((await botChunk(id, Buffer.alloc(1_000_000), true)).status).toBe(413);
    const plain = await t.request('POST', '/bot/file/upload', {
      headers: { ...asBot(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(plain.status).toBe(400);
  });
});
