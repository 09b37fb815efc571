import {
  adminOnly,
  type AuthRow,
  botOnly,
  everyone,
  json,
  multipartChunk,
  quiet,
  row,
  signedIn,
} from './shapes.js';

export const filesPreviewsVoiceRows: AuthRow[] = [
  // Files (issue 11). An unknown upload id is 400 for everyone who may upload at all.
  {
    method: 'POST',
    route: '/api/resource/file/prepare',
    body: () => json({ content_type: 'text/plain', filename: 'a.txt' }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/resource/file/upload',
    body: () => multipartChunk('00000000-0000-0000-0000-000000000000'),
    expect: row(401, 403, 400, 400, 400, 400),
  },
  {
    method: 'GET',
    route: '/api/resource/file/upload',
    path: () => '/api/resource/file/upload?file_id=00000000-0000-0000-0000-000000000000',
    expect: row(401, 403, 400, 400, 400, 400),
  },
  {
    method: 'GET',
    route: '/api/resource/file',
    path: () => '/api/resource/file?file_path=2026/1/1/00000000-0000-0000-0000-000000000000',
    expect: everyone(404),
  },
  { method: 'DELETE', route: '/api/resource/file/delete', expect: adminOnly() },
  { method: 'GET', route: '/api/admin/system/files', expect: adminOnly() },
  // Parley's member Files screen: everyone signed in; what each sees is filtered by the server.
  { method: 'GET', route: '/api/resource/files', expect: signedIn(200) },
  // Bot uploads (API.md §10.2): only a bot key; an unknown upload id is 400 for the bot too.
  {
    method: 'POST',
    route: '/api/bot/file/prepare',
    body: () => json({ content_type: 'text/plain', filename: 'a.txt' }),
    expect: botOnly(200),
  },
  {
    method: 'POST',
    route: '/api/bot/file/upload',
    body: () => multipartChunk('00000000-0000-0000-0000-000000000000'),
    expect: botOnly(400),
  },
  // Link previews (issue 10): loopback is refused by the outbound client, so nothing is fetched.
  {
    method: 'GET',
    route: '/api/resource/open_graphic_parse',
    path: () => `/api/resource/open_graphic_parse?url=${encodeURIComponent('http://127.0.0.1:9/')}`,
    expect: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/resource/image_proxy',
    path: (f) =>
      `/api/resource/image_proxy?url=${encodeURIComponent('http://127.0.0.1:9/a.png')}&api-key=${f.actor?.token ?? ''}`,
    expect: signedIn(404),
  }, // Voice (issue 15). Agora is off in this table's server: those who may have a token get 503.
  { method: 'GET', route: '/api/admin/agora/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/agora/config',
    body: () => json({ enabled: false }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/admin/agora/token',
    body: (f) => json({ gid: f.gid }),
    expect: row(401, 403, 503, 403, 503, 403),
  },
  { method: 'GET', route: '/api/group/:gid/agora_token', expect: row(401, 403, 503, 403, 503, 403) },
  // VoceChat clients list rooms without a token; only public channels' rooms are listed.
  {
    method: 'GET',
    route: '/api/admin/agora/channel/:page_no/:page_size',
    path: () => '/api/admin/agora/channel/0/10',
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/admin/agora/channel/user/:name/false',
    path: () => '/api/admin/agora/channel/user/vocechat:group:1/false',
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/admin/voice/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/voice/config',
    body: () =>
      json({
        stun_urls: [],
        turn_urls: [],
        turn_secret: '',
        turn_ttl: 3600,
        mesh_limit: 6,
        max_calls: 100,
        ice_address_prefixes: [],
      }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/voice/ice', expect: signedIn() },
  { method: 'GET', route: '/api/voice/rooms', expect: signedIn() },
  {
    method: 'POST',
    route: '/api/voice/join',
    body: (f) => json({ gid: f.gid, ...quiet }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  { method: 'POST', route: '/api/voice/leave', expect: signedIn() },
  // A caller of its own is in no room: 404 for whoever is signed in.
  { method: 'POST', route: '/api/voice/state', fresh: true, body: () => json(quiet), expect: signedIn(404) },
  {
    method: 'POST',
    route: '/api/voice/signal',
    fresh: true,
    body: (f) => json({ to: f.peer.uid, signal: { kind: 'hello' } }),
    expect: signedIn(404),
  },
  // The SFU routes: a caller of its own is in no room (test/sfu-rooms.test.ts has the members' side).
  {
    method: 'POST',
    route: '/api/voice/sfu/publish',
    fresh: true,
    body: () => json({ sdp: 'v=0' }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/voice/sfu/subscribe',
    fresh: true,
    body: (f) => json({ feed: f.peer.uid }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/voice/sfu/start',
    fresh: true,
    body: () => json({ handle: 1, sdp: 'v=0' }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/voice/sfu/trickle',
    fresh: true,
    body: () => json({ handle: 1 }),
    expect: signedIn(404),
  },
  // Ringing, or busy when the peer is already rung: 200 either way; guests send no DMs.
  {
    method: 'POST',
    route: '/api/voice/call',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/voice/call/accept',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 404, 404, 404, 404),
  },
  {
    method: 'POST',
    route: '/api/voice/call/decline',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 404, 404, 404, 404),
  },
  {
    method: 'POST',
    route: '/api/voice/call/cancel',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
];
