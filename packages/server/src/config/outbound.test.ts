import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('outbound configuration', () => {
  it('allows no private address by default, 120 previews a minute', () => {
    expect(loadConfig({}).outbound).toEqual({ allow: [], perUserPerMinute: 120 });
  });

  it('reads OUTBOUND_ALLOW (addresses and ranges) and PREVIEW_RATE', () => {
    const config = loadConfig({ OUTBOUND_ALLOW: '127.0.0.1, 10.0.0.0/8,fd00::/8', PREVIEW_RATE: '5' });
    expect(config.outbound).toEqual({ allow: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'], perUserPerMinute: 5 });
  });

  it('refuses the allow-list in production, and entries that are not addresses', () => {
    expect(() => loadConfig({ OUTBOUND_ALLOW: '127.0.0.1', NODE_ENV: 'production' })).toThrow(ConfigError);
    for (const bad of ['localhost', '10.0.0.0/33', '1.2.3.4/8/9', '*'])
      expect(() => loadConfig({ OUTBOUND_ALLOW: bad }), bad).toThrow(/OUTBOUND_ALLOW/);
    expect(() => loadConfig({ PREVIEW_RATE: '0' })).toThrow(/PREVIEW_RATE/);
  });
});
