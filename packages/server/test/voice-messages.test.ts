/**
 * Voice messages (issue 11, API.md §6.1 `vocechat/audio`): a WebM recording declared `audio/webm`
 * is stored and served as audio (the sniffer names the container `video/webm`), the message carries
 * the client's `duration` next to the injected name, type and size; a video claim stays video and
 * a non-media file claiming audio is not believed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from './support/files.js';
import {
  createAdmin,
  createChannel,
  createUser,
  properties,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/server.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let gid: number;
beforeAll(async () => {
  t = await startTestServer();
  await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
  gid = await createChannel(t, alice, { name: 'voice notes', is_public: false, members: [bob.uid] });
});
afterAll(async () => {
  await t.close();
});

/** The start of a WebM file: an EBML header whose DocType is "webm". */
const webm = () => {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]),
    docType,
    Buffer.alloc(256, 1),
  ]);
};

const served = (path: string) => t.request('GET', `/resource/file?file_path=${encodeURIComponent(path)}`);

describe('voice messages', () => {
  it('a WebM recording declared audio/webm is stored, served and sent as audio with its duration', async () => {
    const up = await uploadFile(t, alice, webm(), 'voice.webm', 'audio/webm;codecs=opus');
    expect(up.image_properties).toBeNull();
    const file = await served(up.path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/webm');
    expect(file.headers.get('content-disposition')).toMatch(/^inline/);

    const res = await t.request('POST', `/group/${gid}/send`, {
      token: alice.token,
      body: JSON.stringify({ path: up.path }),
      headers: {
        'content-type': 'vocechat/audio',
        'x-properties': properties({ local_id: 7, duration: 3.5, content_type: 'text/html' }),
      },
    });
    expect(res.status, res.text).toBe(200);
    const history = await t.request('GET', `/group/${gid}/history`, { token: bob.token });
    expect(history.json.find((m: { mid: number }) => m.mid === res.json)).toMatchObject({
      detail: {
        content_type: 'vocechat/audio',
        content: up.path,
        properties: {
          local_id: 7,
          duration: 3.5,
          name: 'voice.webm',
          content_type: 'audio/webm',
          size: up.size,
        },
      },
    });
  });

  it('the same bytes declared as video stay video; other bytes claiming audio are not believed', async () => {
    const video = await uploadFile(t, alice, webm(), 'clip.webm', 'video/webm');
    expect((await served(video.path)).headers.get('content-type')).toBe('video/webm');
    const fake = await uploadFile(
      t,
      alice,
      Buffer.from('<html>not a recording</html>'),
      'x.webm',
      'audio/webm',
    );
    expect((await served(fake.path)).headers.get('content-type')).toBe('application/octet-stream');
  });

  it('a voice message to a channel the sender is not in is refused and nothing is sent', async () => {
    const carol = await createUser(t, 'carol');
    const up = await uploadFile(t, carol, webm(), 'voice.webm', 'audio/webm');
    const res = await t.request('POST', `/group/${gid}/send`, {
      token: carol.token,
      body: JSON.stringify({ path: up.path }),
      headers: { 'content-type': 'vocechat/audio' },
    });
    expect(res.status).toBe(403);
  });
});
