import { EmbeddingConfig } from '../embedding.js';
import type { RouteSpec } from './route.js';

/** Who may frame the whole client (Parley's extension, docs/embedding.md): administrators only. */
export const EMBEDDING_ROUTES = {
  getEmbeddingConfig: {
    method: 'GET',
    path: '/admin/system/embedding',
    auth: 'header',
    kind: 'json',
    tag: 'system',
    response: EmbeddingConfig,
  },
  setEmbeddingConfig: {
    method: 'PUT',
    path: '/admin/system/embedding',
    auth: 'header',
    kind: 'empty',
    tag: 'system',
    description:
      'The sites that may frame the app, besides this server; applies within seconds on every node.',
    body: EmbeddingConfig,
  },
} as const satisfies Record<string, RouteSpec>;
