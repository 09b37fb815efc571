import type { FastifyInstance } from 'fastify';

/**
 * Every `METHOD /path` the app serves (Fastify's `:param` syntax, `/api` included), read from its
 * route tree; HEAD, which Fastify adds to every GET, is left out.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    for (const method of m[3]?.split(', ') ?? [])
      if (method !== 'HEAD') found.push(`${method} ${stack.join('')}`);
  }
  return found;
}
