/**
 * fast-check arbitraries derived from the JSON schemas the routes validate with (TypeBox emits
 * plain JSON Schema): valid values, almost-valid ones (one rule broken), hostile ones and deeply
 * nested ones. Only the schema keywords our protocol uses are understood; anything else is
 * treated as "any JSON value", which is also what the route would accept.
 */
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

/** Arrays and long strings are kept short in valid values: the point is shape, not volume. */
const MAX_ITEMS = 4;
const MAX_STRING = 40;
/**
 * Nesting depth of the "deep" cases: far past `LIMITS.jsonMaxDepth`, where a recursive check or
 * parse would once overflow the stack (issue 8, defect 3).
 */
export const MAX_DEPTH = 5_000;

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\u202Eevil',
    '\u200B',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    "'; drop table users; --",
    '%00',
    '__proto__',
    'constructor',
    '\r\nX-Injected: 1',
    'NaN',
    '１２３',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const hostileNumber = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
);

/** Any JSON value, hostile strings and numbers included. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    fc.integer(),
    hostileString,
    fc.array(tie('value'), { maxLength: MAX_ITEMS }),
    fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 8 })), tie('value'), { maxKeys: MAX_ITEMS }),
  ),
})).value;

const asSchemas = (v: unknown): Schema[] => (Array.isArray(v) ? (v as Schema[]) : []);

/** Values the schema accepts. */
export function valid(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.anyOf) return fc.oneof(...asSchemas(schema.anyOf).map(valid));
  if (schema.oneOf) return fc.oneof(...asSchemas(schema.oneOf).map(valid));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      // Small values find the existing rows; edge values find the limits.
      return fc.oneof(
        fc.integer({ min: Math.max(min, 0), max: Math.min(max, Math.max(min, 0) + 20) }),
        fc.constantFrom(min, max),
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
      );
    }
    case 'string': {
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : MAX_STRING;
      const cap = Math.max(minLength, Math.min(maxLength, MAX_STRING));
      return fc.oneof(
        fc.string({ minLength, maxLength: cap }),
        fc.string({ unit: 'grapheme', minLength, maxLength: cap }),
        hostileString.filter((s) => s.length >= minLength && s.length <= maxLength),
      );
    }
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? MAX_ITEMS), MAX_ITEMS));
      return fc.array(valid(items), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const shape = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valid(s)]));
      const keys = Object.keys(properties);
      const object = fc.record(shape, { requiredKeys: keys.filter((k) => required.has(k)) });
      if (schema.patternProperties || typeof schema.additionalProperties === 'object') {
        return fc
          .tuple(object, fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }))
          .map(([known, extra]) => ({ ...extra, ...known }));
      }
      return object;
    }
    default:
      return anyJson;
  }
}

/** A valid value with exactly one rule broken, somewhere in it. */
export function almostValid(schema: Schema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  if (schema.type === 'string' && typeof schema.maxLength === 'number') {
    options.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  }
  if (schema.type === 'string' && typeof schema.minLength === 'number' && schema.minLength > 0) {
    options.push(fc.constant('x'.repeat(schema.minLength - 1)));
  }
  if ((schema.type === 'integer' || schema.type === 'number') && typeof schema.minimum === 'number') {
    options.push(fc.constant(schema.minimum - 1));
  }
  if ((schema.type === 'integer' || schema.type === 'number') && typeof schema.maximum === 'number') {
    options.push(fc.constant(schema.maximum + 1));
  }
  if (schema.type === 'integer') options.push(fc.constantFrom(1.5, '1', true));
  if (schema.type === 'array' && schema.items) {
    const items = schema.items as Schema;
    options.push(
      fc.tuple(valid(schema), almostValid(items)).map(([arr, bad]) => [...(arr as unknown[]), bad]),
    );
    if (typeof schema.minItems === 'number' && schema.minItems > 0) options.push(fc.constant([]));
  }
  if (schema.type === 'object' && schema.properties) {
    const properties = schema.properties as Record<string, Schema>;
    const keys = Object.keys(properties);
    const required = (schema.required as string[] | undefined) ?? [];
    if (keys.length > 0) {
      // One property replaced by a broken value.
      options.push(
        fc
          .tuple(valid(schema), fc.constantFrom(...keys))
          .chain(([obj, key]) =>
            almostValid(properties[key]!).map((bad) => ({ ...(obj as object), [key]: bad })),
          ),
      );
    }
    if (required.length > 0) {
      options.push(
        fc.tuple(valid(schema), fc.constantFrom(...required)).map(([obj, key]) => {
          const copy = { ...(obj as Record<string, unknown>) };
          delete copy[key];
          return copy;
        }),
      );
    }
    options.push(
      fc
        .tuple(valid(schema), fc.string({ minLength: 1, maxLength: 10 }), anyJson)
        .filter(([, key]) => !(key in properties))
        .map(([obj, key, v]) => ({ ...(obj as object), [key]: v })),
    );
  }
  if (schema.anyOf) options.push(...asSchemas(schema.anyOf).map(almostValid));
  return fc.oneof(...options);
}

/** A value of a JSON type the schema does not allow at the top. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const all: [string, fc.Arbitrary<unknown>][] = [
    ['null', fc.constant(null)],
    ['boolean', fc.boolean()],
    ['integer', fc.integer()],
    ['string', hostileString],
    ['array', fc.array(anyJson, { maxLength: 2 })],
    ['object', fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 2 })],
  ];
  const allowed = new Set<string>();
  const collect = (s: Schema) => {
    if (typeof s.type === 'string') allowed.add(s.type === 'number' ? 'integer' : s.type);
    asSchemas(s.anyOf).forEach(collect);
  };
  collect(schema);
  const others = all.filter(([type]) => !allowed.has(type)).map(([, arb]) => arb);
  return others.length > 0 ? fc.oneof(...others) : anyJson;
}

/** Nesting deep enough to hurt a recursive walker, built as text so no walker of ours builds it. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 50, max: MAX_DEPTH }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, closed]) => {
    const close = open === '[' ? ']' : '}';
    return open.repeat(depth) + '1' + (closed ? close.repeat(depth) : '');
  });

/** Request bodies that are not the JSON they claim to be, or JSON the contract does not expect. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":1',
    '\uFEFF{}',
    'null',
    '[]',
    '"string"',
    '1e400',
    '{"__proto__":{"is_admin":true}}',
    '{"constructor":{"prototype":{"is_admin":true}}}',
    '{"a":1,"a":2}',
    'NaN',
    '\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  anyJson.map((v) => JSON.stringify(v) ?? 'null'),
);
