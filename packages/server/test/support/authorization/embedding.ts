import { adminOnly, type AuthRow, json } from './shapes.js';

export const embeddingRows: AuthRow[] = [
  // Who may frame the whole client (issue 14; docs/embedding.md): administrators only.
  { method: 'GET', route: '/api/admin/system/embedding', expect: adminOnly() },
  {
    method: 'PUT',
    route: '/api/admin/system/embedding',
    body: () => json({ frame_ancestors: [] }),
    expect: adminOnly(),
  },
];
