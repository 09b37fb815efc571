/**
 * A known path asked with the wrong method answers 405 with an `Allow` header, as VoceChat's
 * framework does (API.md §1.6); only truly unknown paths are 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface MethodIndex {
  /** The methods registered for this concrete path (empty when the path is unknown). */
  allowed(path: string): string[];
}

export function indexRouteMethods(app: FastifyInstance): MethodIndex {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    const source = route.url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  return {
    allowed(path) {
      const found = new Set<string>();
      for (const r of routes) if (r.pattern.test(path)) r.methods.forEach((m) => found.add(m));
      return [...found];
    },
  };
}

export const requestPath = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';
