/**
 * Keeps V8's young generation at its initial size while the server starts (docs/benchmarks.md,
 * "Idle RSS: the young generation during start"). Loading ~1,250 modules (or the bundle) and
 * building ~300 routes allocates fast enough that V8 doubles the semi-spaces up to their maximum,
 * and a process that then idles keeps them committed (~13 MB, empty) until V8's memory reducer
 * shrinks them 10–20 s later. With a growth factor of 1 the new space does not grow during the
 * start; `endStartup` restores V8's default (2) once the server listens, so under load the new
 * space grows as before and sends cost the same. main.ts calls `beginStartup` before it imports the
 * other modules. A growth factor given on the command line is left alone.
 *
 * Starting a worker thread puts V8's flags back to the command line's (measured on Node 20: the
 * factor is 2 again once the thread runs), so the SQLite writer calls `workerStarted` when its
 * thread is up.
 */
import v8 from 'node:v8';

/** V8's default `--semi-space-growth-factor` (flag-definitions.h, unchanged in Node 20's V8 11.3). */
const V8_DEFAULT_GROWTH_FACTOR = 2;

const userSet = process.execArgv.some((arg) => /semi[-_]space[-_]growth[-_]factor/.test(arg));
let starting = false;
const holdYoungGeneration = () => v8.setFlagsFromString('--semi-space-growth-factor=1');

/**
 * The server starts: from here until `endStartup` the new space keeps its size. Only main.ts calls
 * it; a process that builds the server otherwise (tests, benches, tools) keeps V8's behaviour.
 */
export function beginStartup(): void {
  if (userSet) return;
  starting = true;
  holdYoungGeneration();
}

/** A worker thread has started: if the server is still starting, set the factor to 1 again. */
export function workerStarted(): void {
  if (starting) holdYoungGeneration();
}

/** The start is over: let the young generation grow with the load again. */
export function endStartup(): void {
  if (!starting) return;
  starting = false;
  v8.setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH_FACTOR}`);
}
