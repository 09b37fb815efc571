/**
 * A dependency loaded the first time it is needed. Most servers never send mail, sign in with
 * MetaMask or OpenID, call through Agora or run scaled, and each of those libraries costs
 * megabytes of memory at rest when imported at start (issue 9: RSS at rest against bare Node).
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  // A failed load (out of file descriptors, say) is tried again by the next caller rather than
  // failing every later login or send until a restart.
  return () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    }));
}
