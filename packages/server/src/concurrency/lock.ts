/**
 * Critical sections, shared by the store (the cluster-wide send lock) and the services (the send
 * queue): a neutral module, so neither has to reach into the other's layer or into realtime.
 */

/** Runs critical sections one at a time. */
export interface Lock {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

/** A FIFO async lock: callers run one at a time, in arrival order. */
export class Mutex implements Lock {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
