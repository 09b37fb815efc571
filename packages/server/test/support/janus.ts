/**
 * A throwaway Janus for tests: `scripts/janus.sh` (Debian's `janus`, VideoRoom + HTTP transport on
 * 127.0.0.1) on a free port and its own RTP port range. No skipping: when janus is missing this throws
 * with the install command (CI installs it through scripts/test.sh).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exited, freePort, tiedToParent, waitForExit } from '../../../../scripts/lib/processes.mjs';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/janus.sh', import.meta.url));
const START_TIMEOUT_MS = 20_000;

export interface JanusServer {
  /** `http://127.0.0.1:<port>/janus` */
  readonly url: string;
  stop(): Promise<void>;
  /** Stops Janus and starts it again on the same port: every session and room is gone. */
  restart(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) if (!exited(child)) child.kill('SIGTERM');
});

export async function startJanus(): Promise<JanusServer> {
  if (!existsSync('/usr/bin/janus')) {
    throw new Error('janus not found at /usr/bin/janus. Install it with: sudo apt-get install -y janus');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/janus`;
  let child = await launch(port, url);
  const stop = async () => {
    if (exited(child)) return;
    child.kill('SIGTERM');
    await waitForExit(child);
  };
  return {
    url,
    stop,
    async restart() {
      await stop();
      child = await launch(port, url);
    },
  };
}

async function launch(port: number, url: string): Promise<ChildProcess> {
  const rtpBase = 30000 + (port % 1000) * 20;
  const [program, args] = tiedToParent('bash', [SCRIPT, String(port), `${rtpBase}-${rtpBase + 19}`], 'TERM');
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-6000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!log.includes(`janus ${url}`)) {
    if (exited(child)) throw new Error(`janus exited during start:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      await waitForExit(child);
      throw new Error(`janus did not start within ${START_TIMEOUT_MS} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}
