/**
 * Malformed and hostile requests derived from the OpenAPI document the server generates
 * (`GET /api/spec`): for each route, bad path ids, bad query values, broken and schema-violating
 * JSON bodies, and bad message and image bodies; and what a proper refusal looks like.
 */
import { LIMITS } from '@parley/protocol';
import type { TestResponse } from './server.js';

export interface Schema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
export interface Route {
  method: string;
  path: string;
  op: Operation;
}
export interface Case {
  label: string;
  method: string;
  url: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Routes whose body is not JSON: message text or image bytes. */
const MESSAGE_ROUTES = new Set([
  'POST /group/{gid}/send',
  'POST /user/{uid}/send',
  'POST /message/{mid}/reply',
  'PUT /message/{mid}/edit',
]);
const IMAGE_ROUTES = new Set([
  'POST /user/avatar',
  'POST /group/{gid}/avatar',
  'POST /admin/system/organization/logo',
]);

const OVERSIZE_JSON = LIMITS.jsonBodyMaxBytes + 1024;
const BAD_IDS = [
  'abc',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '1%00',
  '%00',
  '99999999999999999999',
  '9007199254740993',
  '1,2',
];

/** The routes of an OpenAPI document, one per path and method. */
export function routesOf(spec: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

export const routeKey = (r: Route) => `${r.method} ${r.path}`;
/** Fills a path's parameters: the given values, else the caller's defaults. */
export type FillPath = (path: string, values?: Record<string, string>) => string;

const jsonBody = (r: Route) => r.op.requestBody?.content['application/json']?.schema;
const pathParams = (r: Route) => (r.op.parameters ?? []).filter((p) => p.in === 'path');
const queryParams = (r: Route) => (r.op.parameters ?? []).filter((p) => p.in === 'query');

function typesOf(s: Schema): Set<string> | undefined {
  if (s.anyOf) {
    const all = new Set<string>();
    for (const alt of s.anyOf) for (const ty of typesOf(alt) ?? []) all.add(ty);
    return all;
  }
  if (s.type === undefined) return undefined;
  const types = new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (s.nullable) types.add('null');
  return types;
}

const enumOf = (s: Schema): unknown[] | undefined =>
  s.anyOf ? s.anyOf.flatMap((a) => a.enum ?? []) : s.enum;

/** Values the schema refuses, each with a label: wrong types, out-of-range numbers, bad strings and items. */
function badValues(s: Schema, depth = 0): [string, unknown][] {
  const types = typesOf(s);
  if (!types) return [];
  const out: [string, unknown][] = [];
  const samples: [string, unknown][] = [
    ['string', 'text'],
    ['integer', 7],
    ['boolean', true],
    ['null', null],
    ['object', {}],
    ['array', []],
  ];
  for (const [type, value] of samples) if (!types.has(type)) out.push([`a ${type}`, value]);
  if (types.has('integer')) {
    out.push(['a fraction', 1.5], ['1e300', 1e300], ['2^53 + 2', 2 ** 53 + 2], ['-2^53 - 2', -(2 ** 53) - 2]);
    if ((s.minimum ?? -Infinity) >= 0) out.push(['a negative id', -1]);
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER)
      out.push(['above the maximum', s.maximum + 1]);
    if (!types.has('string')) out.push(['a numeric string', '1']);
  }
  if (types.has('boolean') && !types.has('string')) out.push(['"true"', 'true']);
  if (types.has('string')) {
    out.push(['a NUL character', 'a\u0000b']);
    if (s.maxLength !== undefined) out.push(['an over-long string', 'x'.repeat(s.maxLength + 1)]);
    if ((s.minLength ?? 0) > 0) out.push(['an empty string', '']);
    if (enumOf(s)) out.push(['a value outside the enum', 'NotAChoice']);
  }
  if (types.has('array') && depth < 3) {
    if ((s.minItems ?? 0) > 0) out.push(['an empty list', []]);
    for (const [label, item] of s.items ? badValues(s.items, depth + 1) : [])
      out.push([`a list holding ${label}`, [item]]);
  }
  if (types.has('object') && depth < 3) {
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      for (const [label, value] of badValues(prop, depth + 1))
        out.push([`${name}: ${label}`, { [name]: value }]);
    }
  }
  return out;
}

const propertyOfType = (s: Schema, type: string) =>
  Object.entries(s.properties ?? {}).find(([, prop]) => typesOf(prop)?.has(type))?.[0];

/** Malformed and hostile requests for one route; none of them is a valid request. */
export function casesFor(r: Route, fillPath: FillPath): Case[] {
  const cases: Case[] = [];
  const url = fillPath(r.path);
  for (const param of pathParams(r)) {
    // `mids` is a comma-separated list, so `1,2` is a valid one there.
    for (const bad of BAD_IDS.filter((id) => param.name !== 'mids' || id !== '1,2')) {
      cases.push({
        label: `path ${param.name}=${bad}`,
        method: r.method,
        url: fillPath(r.path, { [param.name]: bad }),
      });
    }
  }
  for (const param of queryParams(r)) {
    const types = typesOf(param.schema) ?? new Set();
    const values = types.has('integer')
      ? BAD_IDS
      : types.has('boolean')
        ? ['maybe', '1', 'yes']
        : (param.schema.minLength ?? 0) > 0
          ? ['']
          : [];
    for (const bad of values)
      cases.push({
        label: `query ${param.name}=${bad}`,
        method: r.method,
        url: `${url}?${param.name}=${bad}`,
      });
    if (param.required) cases.push({ label: `query without ${param.name}`, method: r.method, url });
    if (types.has('integer'))
      cases.push({
        label: `query ${param.name} twice`,
        method: r.method,
        url: `${url}?${param.name}=1&${param.name}=2`,
      });
  }
  const schema = jsonBody(r);
  if (schema) {
    const json = { 'content-type': 'application/json' };
    const raw = (label: string, body: string | Buffer, headers: Record<string, string> = json) =>
      cases.push({ label, method: r.method, url, body, headers });
    raw('malformed JSON', '{"name":');
    raw('trailing garbage', '{}}');
    raw('single quotes', "{'a':1}");
    raw('an empty JSON body', '');
    raw('a __proto__ key', '{"__proto__":{"is_admin":true}}');
    raw('a constructor.prototype key', '{"constructor":{"prototype":{"is_admin":true}}}');
    raw('deeply nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    const hugeNumber = `1${'0'.repeat(400)}`;
    const intProp = propertyOfType(schema, 'integer');
    if (intProp) raw('a 400-digit number', `{"${intProp}":${hugeNumber}}`);
    if (typesOf(schema)?.has('array')) raw('a 400-digit number', `[${hugeNumber}]`);
    raw('an oversize body', JSON.stringify({ name: 'x'.repeat(OVERSIZE_JSON) }));
    raw('no content type', Buffer.from('{}'), {});
    raw('a form body', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    for (const [label, value] of badValues(schema)) raw(`body ${label}`, JSON.stringify(value));
  }
  if (MESSAGE_ROUTES.has(routeKey(r))) {
    cases.push(
      {
        label: 'a JSON message',
        method: r.method,
        url,
        body: '{"text":"hi"}',
        headers: { 'content-type': 'application/json' },
      },
      { label: 'an untyped message', method: r.method, url, body: Buffer.from('hi') },
      {
        label: 'an empty message',
        method: r.method,
        url,
        body: '',
        headers: { 'content-type': 'text/plain' },
      },
      {
        label: 'an oversize message',
        method: r.method,
        url,
        body: 'x'.repeat(OVERSIZE_JSON),
        headers: { 'content-type': 'text/plain' },
      },
    );
  }
  if (IMAGE_ROUTES.has(routeKey(r))) {
    cases.push(
      {
        label: 'a text image',
        method: r.method,
        url,
        body: '/etc/passwd',
        headers: { 'content-type': 'text/plain' },
      },
      {
        label: 'a JSON image',
        method: r.method,
        url,
        body: '"/etc/passwd"',
        headers: { 'content-type': 'application/json' },
      },
      { label: 'an untyped image', method: r.method, url, body: Buffer.from('abc') },
      {
        label: 'bytes that are no image',
        method: r.method,
        url,
        body: Buffer.from('GIF89a but not really'),
        headers: { 'content-type': 'image/png' },
      },
      {
        label: 'an empty image',
        method: r.method,
        url,
        body: Buffer.alloc(0),
        headers: { 'content-type': 'image/png' },
      },
      {
        label: 'an oversize image',
        method: r.method,
        url,
        body: Buffer.alloc(LIMITS.imageMaxBytes + 1),
        headers: { 'content-type': 'image/png' },
      },
    );
  }
  return cases;
}

/** A problem with the answer, or undefined when it is a proper short 4xx. */
export function problem(res: TestResponse): string | undefined {
  if (res.status < 400 || res.status >= 500) return `status ${res.status}: ${res.text.slice(0, 120)}`;
  if (res.text.length > 200) return `a ${res.text.length}-character body`;
  if (/Error:|\n\s+at |node_modules|\.[jt]s:\d|"stack"|"statusCode"/.test(res.text))
    return `internals in the body: ${res.text.slice(0, 120)}`;
  const type = res.headers.get('content-type') ?? '';
  if (res.text && !/^(text\/plain|application\/json)/.test(type)) return `content type ${type}`;
  if (type.startsWith('application/json') && res.text && !(res.json && typeof res.json.reason === 'string'))
    return `JSON body ${res.text}`;
  return undefined;
}
