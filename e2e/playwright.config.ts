import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-flags';

/**
 * A free loopback port unless E2E_PORT names one: a fixed default collided with whatever else held
 * it (another checkout's run), and the run then failed before its first test. Kept in the
 * environment so the workers, which load this file again, agree with the runner.
 */
function freePort(): string {
  const probe =
    'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})';
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}
process.env.E2E_PORT ??= freePort();
const PORT = Number(process.env.E2E_PORT);
/** Where the GitHub/Google stand-in of the sign-in spec listens (it starts with that spec). */
process.env.E2E_SOCIAL_PORT ??= freePort();
const SOCIAL = `http://127.0.0.1:${process.env.E2E_SOCIAL_PORT}`;
/**
 * A license key pair of this run: the server verifies with the public half, the license spec
 * issues with the private half (`scripts/issue-license.mjs`). Kept in the environment like the ports.
 */
if (!process.env.E2E_LICENSE_PRIVATE_KEY || !process.env.E2E_LICENSE_PUBLIC_KEY) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  process.env.E2E_LICENSE_PUBLIC_KEY = publicKey
    .export({ format: 'der', type: 'spki' })
    .subarray(12)
    .toString('base64');
  process.env.E2E_LICENSE_PRIVATE_KEY = privateKey
    .export({ format: 'der', type: 'pkcs8' })
    .subarray(16)
    .toString('base64');
}

/** Debian's Chromium with the flags that work on these machines; Playwright never downloads a browser. */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? './artifacts/results.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // A fresh data directory every run: the suite starts from an uninitialised server. Specs fill
    // channels through the API faster than a person types, so the per-user send rate is raised; and
    // every spec's users sign up from 127.0.0.1, so the per-address sign-up limit is too. The link-preview
    // spec serves its page on 127.0.0.1, which outbound fetches may reach only through OUTBOUND_ALLOW.
    // The sign-in spec's OpenID issuer is plain http on loopback (OIDC_ALLOW_HTTP: tests only), and
    // GitHub and Google are a loopback stand-in on E2E_SOCIAL_PORT. Licenses verify with this run's key.
    command: `rm -rf ../.tmp/e2e-data && DATA_DIR=../.tmp/e2e-data PORT=${PORT} HOST=127.0.0.1 LOG_LEVEL=warn OUTBOUND_ALLOW=127.0.0.1 OIDC_ALLOW_HTTP=true SEND_RATE=1000 SEND_BURST=1000 REGISTER_LIMIT=1000/10m GITHUB_URL=${SOCIAL} GITHUB_API_URL=${SOCIAL} GOOGLE_JWKS_URL=${SOCIAL}/jwks GOOGLE_AUTH_URL=${SOCIAL}/o/oauth2/v2/auth LICENSE_PUBLIC_KEY=${process.env.E2E_LICENSE_PUBLIC_KEY} node ../packages/server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
