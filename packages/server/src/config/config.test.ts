import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';
import { DEFAULT_LICENSE_PUBLIC_KEY } from './license.js';

describe('loadConfig', () => {
  it('applies the defaults of an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      files: {
        maxBytes: 2_000_000_000,
        uploadTimeoutMs: 300_000,
        imageMaxPixels: 50_000_000,
        imageMaxBytes: 30_000_000,
      },
      publicUrl: undefined,
      logLevel: 'info',
      redisUrl: undefined,
      blobs: { kind: 'local', dir: path.join(path.resolve('./data'), 'blobs') },
      trustProxy: false,
      webDir: undefined,
      metrics: { token: undefined, allow: [] },
      passwordHashing: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
      limits: {
        send: { perSecond: 5, burst: 30 },
        botSend: { perSecond: 50, burst: 300 },
        voiceSignal: { perSecond: 20, burst: 200 },
        callRejoinGraceMs: 10_000,
        register: { count: 20, windowMs: 600_000 },
        lookup: { count: 60, windowMs: 60_000 },
        magicLink: { count: 5, windowMs: 900_000 },
        streamsPerUser: 20,
        devicesPerUser: 30,
        requestTimeoutMs: 30_000,
        presenceGraceMs: 15_000,
      },
      http: { corsOrigins: undefined, frameAncestors: "'self'" },
      outbound: { allow: [], perUserPerMinute: 120 },
      push: { allowHttpEndpoints: false },
      signin: {
        oidcAllowHttp: false,
        githubUrl: 'https://github.com',
        githubApiUrl: 'https://api.github.com',
        googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
        googleAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      },
      license: { publicKey: DEFAULT_LICENSE_PUBLIC_KEY, serviceUrl: '' },
    });
  });

  it('reads the limits and refuses malformed ones', () => {
    expect(
      loadConfig({
        SEND_RATE: '0.5',
        REGISTER_LIMIT: '5/2h',
        LOOKUP_LIMIT: '100/s',
        MAX_STREAMS_PER_USER: '4',
        CALL_REJOIN_GRACE_MS: '2500',
      }).limits,
    ).toMatchObject({
      callRejoinGraceMs: 2500,
      send: { perSecond: 0.5, burst: 30 },
      register: { count: 5, windowMs: 7_200_000 },
      lookup: { count: 100, windowMs: 1_000 },
      streamsPerUser: 4,
    });
    expect(() => loadConfig({ SEND_RATE: '0', REGISTER_LIMIT: 'lots', MAX_DEVICES_PER_USER: '2.5' })).toThrow(
      /SEND_RATE[\s\S]*REGISTER_LIMIT[\s\S]*MAX_DEVICES_PER_USER/,
    );
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

describe('scaled-mode configuration', () => {
  it('reads REDIS_URL and the S3 settings', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u:p@db/parley',
      REDIS_URL: 'redis://cache:6379/0',
      S3_BUCKET: 'parley-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.redisUrl).toBe('redis://cache:6379/0');
    expect(c.blobs).toEqual({
      kind: 's3',
      bucket: 'parley-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses Redis without PostgreSQL, and half-given S3 credentials', () => {
    try {
      loadConfig({
        REDIS_URL: 'redis://x',
        S3_BUCKET: 'ok-bucket',
        S3_ACCESS_KEY_ID: 'k',
        S3_FORCE_PATH_STYLE: 'yes',
      });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/REDIS_URL .*needs DATABASE_URL/);
      expect(problems).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
      expect(problems).toMatch(/S3_FORCE_PATH_STYLE/);
    }
  });

  it('reads TRUST_PROXY as a flag or a list of addresses, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a Redis URL of another scheme', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});
