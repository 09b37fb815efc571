import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('applies the defaults of an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: undefined,
      logLevel: 'info',
      webDir: undefined,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/parley',
      DATABASE_URL: 'postgres://u:p@localhost/db',
      PUBLIC_URL: 'https://chat.example.com/',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/parley',
      databaseUrl: 'postgres://u:p@localhost/db',
      publicUrl: 'https://chat.example.com',
      logLevel: 'warn',
    });
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*PUBLIC_URL[\s\S]*LOG_LEVEL/);
    }
  });
});
