import type { ApiBody, ApiParams, ApiQuery, ApiReply, RouteName } from '@parley/protocol';
import { request, type RequestOptions } from './client';
import { ROUTES } from './routes';

/** A part the route takes: required when its schema requires something, absent when it has none. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [P in Name]?: never }
  : object extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

export type CallInput<K extends RouteName> = Part<'params', ApiParams<K>> &
  Part<'query', ApiQuery<K>> &
  Part<'body', ApiBody<K>>;

/** Everything `request` takes but what the route table already says. */
export type CallOptions = Omit<RequestOptions, 'method' | 'query' | 'json' | 'body'>;

type CallArgs<K extends RouteName> =
  object extends CallInput<K>
    ? [input?: CallInput<K>, options?: CallOptions]
    : [input: CallInput<K>, options?: CallOptions];

const fillPath = (path: string, params: Record<string, unknown> = {}) =>
  path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));

/**
 * Calls an endpoint by its name in the protocol's route table: the path, method and body
 * encoding come from the table, the types of params, query, body and reply from its schemas.
 */
export function call<K extends RouteName>(name: K, ...[input, options]: CallArgs<K>): Promise<ApiReply<K>> {
  const route = ROUTES[name];
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  return request<ApiReply<K>>(fillPath(route.path, params), {
    ...options,
    method: route.method,
    query,
    ...(route.upload ? { body: body as string | Blob } : body !== undefined && { json: body }),
  });
}
