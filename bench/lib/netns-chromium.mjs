/**
 * Debian's Chromium with fake media devices inside a network namespace of its own, with Janus in
 * the same namespace: e2e's launcher (e2e/netns/chromium-janus-netns.sh, used as it is) and its
 * socket forwarders (e2e/netns/forward.mjs). The namespace's addresses are its loopback and the
 * veth address 10.255.0.1, so WebRTC between pages and Janus never uses the machine's addresses.
 * The Parley server outside is reached through a Unix socket, and so is Janus's HTTP API from
 * outside (the URL Parley's `sfu_url` gets). The flags are e2e/chromium-flags.ts's, read from it.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { serveTcpToUnix, serveUnixToTcp } from '../../e2e/netns/forward.mjs';
import { descendants } from './proc-tree.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** CHROMIUM_ARGS and FAKE_MEDIA_ARGS of e2e/chromium-flags.ts (TypeScript, so transpiled here). */
async function chromiumFlags() {
  const source = readFileSync(path.join(root, 'e2e/chromium-flags.ts'), 'utf8');
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
}

const listening = (server) => new Promise((resolve) => server.once('listening', resolve));

/**
 * Launches the browser; `serverPort` is Parley's port on the host's 127.0.0.1, which pages inside
 * reach at the same port of their own loopback. Returns the browser, the Janus API URL seen from
 * the host, Janus's pid once it runs (`janusPid()`), and `close`.
 */
export async function launchNamespaced({ serverPort, tag, janusLog }) {
  const webSocket = `/tmp/parley-bench-${tag}-web.sock`;
  const janusSocket = `/tmp/parley-bench-${tag}-janus.sock`;
  rmSync(webSocket, { force: true });
  rmSync(janusSocket, { force: true });
  const web = serveUnixToTcp(webSocket, serverPort);
  const bridge = serveTcpToUnix(janusSocket);
  await Promise.all([listening(web), listening(bridge)]);
  const { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } = await chromiumFlags();
  const close = () => {
    web.close();
    bridge.close();
    rmSync(webSocket, { force: true });
    rmSync(janusSocket, { force: true });
  };
  const browser = await chromium
    .launch({
      executablePath: path.join(root, 'e2e/netns/chromium-janus-netns.sh'),
      env: {
        ...process.env,
        PARLEY_NETNS_PORT: String(serverPort),
        PARLEY_NETNS_SOCKET: webSocket,
        PARLEY_JANUS_SOCKET: janusSocket,
        PARLEY_JANUS_LOG: janusLog,
      },
      args: [
        ...CHROMIUM_ARGS,
        ...FAKE_MEDIA_ARGS,
        // Loopback candidates (the mesh's ICE filter allows 127.0.0.1 only), with real addresses.
        '--allow-loopback-in-peer-connection',
        '--disable-features=WebRtcHideLocalIpsWithMdns',
      ],
    })
    .catch((err) => {
      close();
      throw err;
    });
  const janusUrl = `http://127.0.0.1:${bridge.address().port}/janus`;
  return {
    browser,
    janusUrl,
    /** Janus's pid (started by the launcher script below this process), once its API answers. */
    async janusPid() {
      for (let i = 0; i < 300; i++) {
        const janus = [...descendants(process.pid)].find(([, s]) => s.comm === 'janus');
        const up = await fetch(`${janusUrl}/info`).then(
          (r) => r.ok,
          () => false,
        );
        if (janus && up) return janus[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('Janus did not start in the browser namespace');
    },
    async close() {
      await browser.close();
      close();
    },
  };
}
