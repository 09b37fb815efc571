/**
 * A tiny request/response layer over the Node IPC channel: the orchestrator (`bench/run.mjs`,
 * `bench/cluster.mjs`) calls named commands in its children (server processes, the load client)
 * and awaits their answers.
 */
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';

/** In a child: answer `{ id, cmd, args }` messages with `{ id, result }` or `{ id, error }`. */
export function serveIpc(handlers) {
  process.on('message', async ({ id, cmd, args }) => {
    if (cmd === '__exit') {
      // A normal exit, so that --cpu-prof and friends get to write their files.
      process.send({ id, result: true }, () => process.exit(0));
      return;
    }
    try {
      const handler = handlers[cmd];
      if (!handler) throw new Error(`unknown command ${cmd}`);
      const result = await handler(...(args ?? []));
      process.send({ id, result });
    } catch (err) {
      process.send({ id, error: String(err?.stack ?? err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

let tasksetChecked;
function hasTaskset() {
  if (tasksetChecked === undefined) {
    try {
      execFileSync('taskset', ['-V'], { stdio: 'ignore' });
      tasksetChecked = true;
    } catch {
      tasksetChecked = false;
    }
  }
  return tasksetChecked;
}

/**
 * Starts `script` as a child with an IPC channel, pinned to `cpu` with taskset when asked and
 * available. Every call is bounded by `timeoutMs`; `kill()` ends the child by its pid only.
 */
export function spawnChild(script, { args = [], cpu, nodeArgs = [], label = script } = {}) {
  const nodeCmd = [...nodeArgs, script, ...args];
  const pinned = cpu !== undefined && hasTaskset();
  const child = pinned
    ? spawn('taskset', ['-c', String(cpu), process.execPath, ...nodeCmd], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
    : spawn(process.execPath, nodeCmd, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 1;
  const waiting = new Map();
  let exited = false;
  child.on('message', ({ id, result, error }) => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    clearTimeout(w.timer);
    if (error) w.reject(new Error(`${label}: ${error}`));
    else w.resolve(result);
  });
  child.on('exit', (code, signal) => {
    exited = true;
    for (const w of waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new Error(`${label} exited (code ${code}, signal ${signal})`));
    }
    waiting.clear();
  });
  return {
    pid: child.pid,
    pinned: pinned ? cpu : null,
    call(cmd, args = [], timeoutMs = 120_000) {
      if (exited) return Promise.reject(new Error(`${label} is not running`));
      const id = next++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`${label}: ${cmd} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, { resolve, reject, timer });
        child.send({ id, cmd, args });
      });
    },
    /** Asks the child to exit, then SIGTERM and SIGKILL (this child's pid only) if it lingers. */
    async kill() {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      const term = setTimeout(() => !exited && child.kill('SIGTERM'), 5000);
      const kill = setTimeout(() => !exited && child.kill('SIGKILL'), 8000);
      if (child.connected) child.send({ id: 0, cmd: '__exit' }, () => {});
      else child.kill('SIGTERM');
      await gone;
      clearTimeout(term);
      clearTimeout(kill);
    },
  };
}

/**
 * The children of one harness run, so that every way a run ends (done, error, watchdog, signal)
 * can stop whichever are still running, each by its pid. All get --expose-gc: memory is read
 * after gc. `pin`: each is pinned to the CPU it is started with.
 */
export class Children {
  live = new Set();

  constructor(dir, { pin }) {
    this.dir = dir;
    this.pin = pin;
  }

  start(script, cpu, label, { args = [], nodeArgs = [] } = {}) {
    const child = spawnChild(path.join(this.dir, script), {
      args,
      cpu: this.pin ? cpu : undefined,
      nodeArgs: ['--expose-gc', ...nodeArgs],
      label,
    });
    this.live.add(child);
    return child;
  }

  async stop(child) {
    await child.kill();
    this.live.delete(child);
  }

  stopAll() {
    const all = [...this.live];
    this.live.clear();
    return Promise.allSettled(all.map((c) => c.kill()));
  }
}
