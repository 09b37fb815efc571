/**
 * A dependency loaded the first time it is needed. Most servers never send mail, sign in with
 * MetaMask or OpenID, call through Agora or run scaled, and each of those libraries costs
 * megabytes of memory at rest when imported at start (issue 9: RSS at rest against bare Node).
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
