/**
 * What one entry of the route table says about an endpoint. The server registers its routes from
 * the table (validation, authentication, reply encoding), the OpenAPI document is generated from
 * the same schemas, and the web client derives its request and reply types and its public and
 * text endpoint lists from it.
 */
import Type, { type Static, type TSchema } from 'typebox';
import { Id } from '../common.js';
import { LIMITS } from '../limits.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `public`: no token. `header`: the `X-API-Key` header, checked before the body is read (API.md
 * §15.6 puts 401 first). `query`: the `api-key` query parameter, for the event stream, which
 * `EventSource` cannot give headers. `bot`: a bot key in the `X-API-Key` header (API.md §1.4: a
 * bot key is not a user token, nor the other way round).
 */
export type Auth = 'public' | 'header' | 'query' | 'bot';

/**
 * How the answer travels (API.md §1.3): JSON per `response`, an empty 200, `text/plain`, image
 * bytes, a stored file (the handler writes the reply: ranges, conditional requests), or a
 * server-sent event stream.
 */
export type ReplyKind = 'json' | 'empty' | 'text' | 'image' | 'file' | 'events';

/**
 * A request body that is not JSON: image bytes, a message's raw text with its Content-Type, or
 * `multipart/form-data` (file chunks).
 */
export type Upload = 'image' | 'message' | 'multipart';

export interface RouteSpec {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
  readonly kind: ReplyKind;
  /** The OpenAPI tag. */
  readonly tag: string;
  readonly description?: string;
  readonly params?: TSchema;
  readonly query?: TSchema;
  /** The JSON body. */
  readonly body?: TSchema;
  readonly upload?: Upload;
  readonly headers?: TSchema;
  /** The JSON reply; `empty` and `text` replies have theirs implied. */
  readonly response?: TSchema;
}

export const GidParams = Type.Object({ gid: Id });
export const UidParams = Type.Object({ uid: Id });
export const MidParams = Type.Object({ mid: Id });
/** A comma-separated list of mids (`12,13,20`); the server parses it and answers 400 when malformed. */
export const MidListParams = Type.Object({ mids: Type.String({ maxLength: LIMITS.midListMaxLength }) });
/** A 200 with no body: void endpoints answer nothing (API.md §1.3). */
export const Empty = Type.Unsafe<undefined>({ description: 'empty body' });
export const Text = Type.String({ description: 'text/plain body' });

/** The schema of a route's 200 reply, if it has one. */
export function replySchema(route: RouteSpec): TSchema | undefined {
  if (route.kind === 'empty') return Empty;
  if (route.kind === 'text') return Text;
  return route.response;
}

type Field<R, F extends string> = R extends { readonly [K in F]: infer S extends TSchema }
  ? Static<S>
  : undefined;

export type RouteParams<R> = Field<R, 'params'>;
export type RouteQuery<R> = Field<R, 'query'>;
/** The JSON body, or the raw body of an upload. */
export type RouteBody<R> = R extends { readonly upload: 'image' }
  ? Blob
  : R extends { readonly upload: 'message' }
    ? string
    : R extends { readonly upload: 'multipart' }
      ? FormData
      : Field<R, 'body'>;
/** What a client receives: parsed JSON, the text, `null` for an empty reply. */
export type RouteReply<R> = R extends { readonly kind: 'empty' }
  ? null
  : R extends { readonly kind: 'text' }
    ? string
    : R extends { readonly kind: 'json' }
      ? Field<R, 'response'>
      : never;

/** The table without its schemas: what a client needs at run time. */
export interface RouteRule {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
  readonly kind: ReplyKind;
  readonly upload?: Upload;
}

export function routeRules<T extends Record<string, RouteSpec>>(table: T): { [K in keyof T]: RouteRule } {
  const rules: Record<string, RouteRule> = {};
  for (const [name, { method, path, auth, kind, upload }] of Object.entries(table))
    rules[name] = { method, path, auth, kind, ...(upload && { upload }) };
  return rules as { [K in keyof T]: RouteRule };
}
