import { type AuthRow, everyone, image, json, row, signedIn } from './shapes.js';

export const channelsMessagesRows: AuthRow[] = [
  // Channels
  {
    method: 'POST',
    route: '/api/group',
    body: (f) => json({ name: `new ${f.n}`, is_public: false }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/group', expect: signedIn() },
  {
    method: 'GET',
    route: '/api/group/create_reg_magic_link',
    path: (f) => `/api/group/create_reg_magic_link?gid=${f.gid}`,
    expect: row(401, 403, 200, 403, 200, 200),
  },
  { method: 'GET', route: '/api/group/:gid', expect: row(401, 403, 200, 403, 200, 403) },

  // Invites: each caller sees only what they may manage, so listing never refuses a signed-in user.
  { method: 'GET', route: '/api/invites', path: (f) => `/api/invites?gid=${f.gid}`, expect: signedIn() },
  // Invitations by e-mail: administrators only (503 here: this server has no SMTP).
  {
    method: 'POST',
    route: '/api/invites/email',
    body: () => json({ email: 'invitee@example.com', gids: [] }),
    expect: row(401, 403, 403, 403, 403, 503),
  },
  {
    method: 'DELETE',
    route: '/api/invites/:id',
    path: (f) => `/api/invites/${f.inviteId}`,
    fresh: true,
    expect: row(401, 403, 403, 403, 200, 200),
  },
  {
    method: 'PUT',
    route: '/api/group/:gid',
    body: () => json({ name: 'renamed' }),
    expect: row(401, 403, 403, 403, 200, 200),
  },
  { method: 'DELETE', route: '/api/group/:gid', expect: row(401, 403, 403, 403, 200, 200) },
  {
    method: 'POST',
    route: '/api/group/:gid/change_type',
    body: () => json({ is_public: true }),
    // Making a channel public is admin-only, as creating one is (issue 8, defect 8).
    expect: row(401, 403, 403, 403, 403, 200),
  },
  { method: 'GET', route: '/api/group/:gid/leave', expect: row(401, 403, 200, 403, 403, 403) },
  {
    method: 'POST',
    route: '/api/group/:gid/members/add',
    body: (f) => json([f.peer.uid]),
    expect: row(401, 403, 200, 403, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/group/:gid/members/remove',
    body: (f) => json([f.memberUid]),
    expect: row(401, 403, 403, 403, 200, 200),
  },
  { method: 'POST', route: '/api/group/:gid/avatar', body: image, expect: row(401, 403, 403, 403, 200, 200) },
  {
    method: 'GET',
    route: '/api/resource/group_avatar',
    path: (f) => `/api/resource/group_avatar?gid=${f.gid}`,
    expect: everyone(404),
  },

  // Messages
  {
    method: 'POST',
    route: '/api/group/:gid/send',
    body: () => ({ body: 'hello', headers: { 'content-type': 'text/plain' } }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'POST',
    route: '/api/user/:uid/send',
    body: () => ({ body: 'hello', headers: { 'content-type': 'text/plain' } }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/group/:gid/history', expect: row(401, 403, 200, 403, 200, 403) },
  { method: 'GET', route: '/api/user/:uid/history', expect: signedIn() },
  // Search and typing (Parley): search is open to every signed-in user, its query keeps to what they read.
  {
    method: 'GET',
    route: '/api/message/search',
    path: () => '/api/message/search?q=hello',
    expect: signedIn(),
  },
  { method: 'POST', route: '/api/group/:gid/typing', expect: row(401, 403, 200, 403, 200, 403) },
  { method: 'POST', route: '/api/user/:uid/typing', expect: row(401, 403, 200, 200, 200, 200) },
  {
    method: 'POST',
    route: '/api/user/read-index',
    body: (f) => json({ groups: [{ gid: f.gid, mid: f.mid }] }),
    // An unreadable channel is "unknown" here (400), as an unknown gid is.
    expect: row(401, 400, 200, 400, 200, 400),
  },
  // Message operations on the fixture's message: by the owner, in the private channel.
  {
    method: 'POST',
    route: '/api/message/:mid/reply',
    path: (f) => `/api/message/${f.mid}/reply`,
    body: () => ({ body: 'a reply', headers: { 'content-type': 'text/plain' } }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'PUT',
    route: '/api/message/:mid/edit',
    path: (f) => `/api/message/${f.mid}/edit`,
    body: () => ({ body: 'edited', headers: { 'content-type': 'text/plain' } }),
    // The author only: an administrator outside the channel cannot even read it.
    expect: row(401, 403, 403, 403, 200, 403),
  },
  {
    method: 'GET',
    route: '/api/message/:mid/versions',
    path: (f) => `/api/message/${f.mid}/versions`,
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'PUT',
    route: '/api/message/:mid/like',
    path: (f) => `/api/message/${f.mid}/like`,
    body: () => json({ action: '👍' }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'DELETE',
    route: '/api/message/:mid',
    path: (f) => `/api/message/${f.mid}`,
    expect: row(401, 403, 403, 403, 200, 403),
  },
  {
    method: 'DELETE',
    route: '/api/message/bulk/:mids',
    path: (f) => `/api/message/bulk/${f.mid}`,
    expect: row(401, 403, 403, 403, 200, 403),
  },
  {
    method: 'POST',
    route: '/api/group/:gid/pin',
    body: (f) => json({ mid: f.mid }),
    expect: row(401, 403, 403, 403, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/group/:gid/unpin',
    body: (f) => json({ mid: f.mid }),
    // Allowed callers learn that nothing is pinned.
    expect: row(401, 403, 403, 403, 404, 404),
  },
  {
    method: 'GET',
    route: '/api/user/events',
    path: (f) => `/api/user/events?api-key=${f.actor?.token ?? ''}`,
    expect: signedIn(),
  },
];
