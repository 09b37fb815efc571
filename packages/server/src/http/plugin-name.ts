/**
 * Names a plugin for Fastify. A plugin without a name is looked for among the exports of every
 * loaded CommonJS module (`require.cache`), twice per registration: in a process with the server's
 * dependencies loaded that was about 1 ms a plugin, and a server registers one per upload route.
 */
export function namedPlugin<T extends object>(name: string, plugin: T): T {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
