import { adminOnly, type AuthRow, everyone, json } from './shapes.js';

/** The embeddable widget (docs/widget.md); it stays off here, so visitors are refused. */
export const widgetRows: AuthRow[] = [
  { method: 'GET', route: '/api/widget/config', expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/admin/widget/config',
    body: () => json({ enabled: false }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/widget/visitor',
    body: (f) => json({ name: `Visitor${f.n}` }),
    expect: everyone(403),
  },
];
