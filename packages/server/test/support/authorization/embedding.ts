import { adminOnly, type AuthRow, everyone, json } from './shapes.js';

export const embeddingRows: AuthRow[] = [
  // Who may frame the whole client (issue 14; docs/embedding.md): administrators only.
  { method: 'GET', route: '/api/admin/system/embedding', expect: adminOnly() },
  {
    method: 'PUT',
    route: '/api/admin/system/embedding',
    body: () => json({ frame_ancestors: [] }),
    expect: adminOnly(),
  },
  // The widget's extra CSS (API.md §7.3): anyone reads it, administrators replace it.
  { method: 'GET', route: '/api/resource/widget-extra.css', expect: everyone(200) },
  {
    method: 'PUT',
    route: '/api/resource/widget-extra.css',
    body: () => json({ data: '.widget { color: teal }' }),
    expect: adminOnly(),
  },
];
