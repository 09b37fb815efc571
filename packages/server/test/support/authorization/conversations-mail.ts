import { adminOnly, type AuthRow, everyone, json, row, signedIn } from './shapes.js';

export const conversationsMailRows: AuthRow[] = [
  // Conversation settings: a channel the caller cannot read is unknown here (400), as in read-index.
  {
    method: 'POST',
    route: '/api/user/mute',
    body: (f) => json({ add_groups: [{ gid: f.gid, expired_in: 60 }] }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/pin_chat',
    body: (f) => json({ target: { gid: f.gid } }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/unpin_chat',
    body: (f) => json({ target: { gid: f.gid } }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/burn-after-reading',
    body: (f) => json({ groups: [{ gid: f.gid, expires_in: 60 }] }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/update_contact_status',
    body: (f) => json({ action: 'add', target_uid: f.peer.uid }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/user/search',
    body: (f) => json({ search_type: 'id', keyword: String(f.peer.uid) }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/favorite', expect: signedIn() },
  {
    method: 'POST',
    route: '/api/favorite',
    body: (f) => json({ mid_list: [f.mid] }),
    // Readers of the message, except guests (no favorites); an administrator outside a private channel does not read it.
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'GET',
    route: '/api/favorite/:id',
    path: () => '/api/favorite/00000000-0000-4000-8000-000000000000',
    // Only the owner's own favorites exist for them; anything else is 404 (test/favorites.test.ts).
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/favorite/:id',
    path: () => '/api/favorite/00000000-0000-4000-8000-000000000000',
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/resource/archive',
    body: (f) => json({ mid_list: [f.mid] }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'GET',
    route: '/api/resource/archive',
    // No token, like every resource URL; the path is the secret (test/archive.test.ts reads real ones).
    path: () => '/api/resource/archive?file_path=2026/1/1/00000000-0000-4000-8000-000000000000',
    expect: everyone(404),
  },
  {
    method: 'GET',
    route: '/api/resource/archive/attachment',
    // No token, like the archive; unknown archives and indexes are 404 (test/archive-attachments.test.ts).
    path: () =>
      '/api/resource/archive/attachment?file_path=2026/1/1/00000000-0000-4000-8000-000000000000&attachment_id=0',
    expect: everyone(404),
  },
  {
    method: 'GET',
    route: '/api/favorite/attachment/:uid/:id/:attachment_id',
    path: (f) => `/api/favorite/attachment/${f.peer.uid}/00000000-0000-4000-8000-000000000000/0`,
    expect: everyone(404),
  },
  { method: 'GET', route: '/api/user/:uid', expect: signedIn() },

  // Mail and magic links (issue 12). Mail is not set up in this table's server: the test mail and
  // the login link answer 503 to whoever may ask; a sign-up link then comes back without a mail.
  { method: 'GET', route: '/api/admin/smtp/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/smtp/config',
    body: () => json({ enabled: false, host: '', port: 25, from: '' }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/admin/system/send_mail',
    body: () => json({ to: 'someone@example.com', subject: 'hi', content: 'hello' }),
    expect: row(401, 403, 403, 403, 403, 503),
  },
  {
    method: 'POST',
    route: '/api/user/send_login_magic_link',
    path: (f) => `/api/user/send_login_magic_link?email=ml${f.n}@example.com`,
    expect: everyone(503),
  },
  {
    method: 'POST',
    route: '/api/user/send_reg_magic_link',
    body: (f) => json({ email: `mreg${f.n}@example.com`, password: 'long password 1' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/group/create_invite_private_magic_link',
    path: (f) => `/api/group/create_invite_private_magic_link?gid=${f.gid}`,
    expect: row(401, 403, 200, 403, 200, 200),
  },
  // A token that is no invite: 409 for every signed-in user but guests, who join nothing.
  {
    method: 'POST',
    route: '/api/user/join_private',
    body: () => json({ magic_token: 'not-a-token' }),
    expect: row(401, 403, 409, 409, 409, 409),
  },
];
