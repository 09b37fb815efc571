/**
 * Request validation with the protocol's schemas, stricter than Fastify's default Ajv set-up:
 * - JSON bodies are checked exactly as sent: `"1"` is not an id, `1` is not a boolean, `5` is not
 *   a list. (Ajv's type coercion accepted all three and acted on them.)
 * - Path and query values arrive as text, so decimal integers and `true`/`false` are converted
 *   first; nothing else is (`1.5`, `0x10` or `1e3` stay text and fail an integer schema).
 * - Integers are bounded to ±(2^53 − 1): larger ones lose precision in JavaScript, and PostgreSQL's
 *   `bigint` refuses them with an error that would surface as a 500.
 * - No string may contain U+0000, which PostgreSQL's `text` refuses (a 500 again); no client sends it.
 */
import type { FastifySchema, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { Compile } from 'typebox/compile';

type JsonSchema = Record<string, unknown>;
const NUL_MESSAGE = 'must not contain NUL';

type Validator = ReturnType<FastifySchemaCompiler<FastifySchema>>;

/**
 * Validators depend only on their schema and the part of the request, and the route table's
 * schemas are module constants: each is compiled once per process, not once per server (the
 * tests build hundreds of servers), and only when a request first needs it. Most servers never
 * see most of the ~300 routes, and every compiled validator is generated code kept in memory
 * (issue 9: RSS at rest).
 */
const compiled = new WeakMap<object, Map<string | undefined, Validator>>();

export const compileValidator: FastifySchemaCompiler<FastifySchema> = (route) => {
  const { schema, httpPart } = route;
  let byPart = compiled.get(schema);
  if (!byPart) compiled.set(schema, (byPart = new Map()));
  let validator = byPart.get(httpPart);
  if (!validator) byPart.set(httpPart, (validator = onFirstUse(() => buildValidator(schema, httpPart))));
  return validator;
};

type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;

/**
 * `compileValidator` as the server's validator factory (`schemaController.compilersFactory`): given
 * there rather than with `setValidatorCompiler`, Fastify does not load its default Ajv compiler,
 * which no route uses (issue 9: memory at rest). Fastify's type expects Ajv's compile function.
 */
export const validatorFactory = (() => compileValidator) as unknown as ValidatorFactory;

function onFirstUse(build: () => Validator): Validator {
  let built: Validator | undefined;
  return (value: unknown) => (built ??= build())(value);
}

function buildValidator(schema: FastifySchema, httpPart: string | undefined): Validator {
  const checker = Compile(boundIntegers(schema as JsonSchema));
  const convert = httpPart === 'body' ? undefined : textConverter(schema as JsonSchema);
  return (value: unknown) => {
    const input = convert ? convert(value) : value;
    if (!checker.Check(input)) return { error: checker.Errors(input) };
    const at = pathToNul(input);
    if (at === undefined) return { value: input };
    return {
      error: [{ keyword: 'nul', instancePath: at, schemaPath: '', params: {}, message: NUL_MESSAGE }],
    };
  };
}

/**
 * The instance path of the first string (value or key) holding U+0000, if any. Walked with a
 * queue rather than recursion, so no nesting can overflow the stack.
 */
function pathToNul(root: unknown): string | undefined {
  const pending: [unknown, string][] = [[root, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    // Pushed in reverse, so the first key is looked at first (the path reported is the first one).
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const at = `${path}/${key}`;
      if (key.includes('\u0000')) return at;
      pending.push([item, at]);
    }
  }
  return undefined;
}

/** A deep copy of the schema in which every integer carries the safe-integer bounds. */
function boundIntegers(schema: JsonSchema): JsonSchema {
  const copy = JSON.parse(JSON.stringify(schema)) as JsonSchema;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const s = node as JsonSchema;
    if (s.type === 'integer') {
      s.minimum = Math.max(typeof s.minimum === 'number' ? s.minimum : -Infinity, -Number.MAX_SAFE_INTEGER);
      s.maximum = Math.min(typeof s.maximum === 'number' ? s.maximum : Infinity, Number.MAX_SAFE_INTEGER);
    }
    Object.values(s).forEach(visit);
  };
  visit(copy);
  return copy;
}

/** Converts the text values of a flat object schema (path or query) to the integers and booleans it declares. */
function textConverter(schema: JsonSchema): (value: unknown) => unknown {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, raw] of Object.entries(out)) {
      const type = properties[key]?.type;
      if (typeof raw !== 'string') continue;
      if (type === 'integer' && /^-?\d{1,20}$/.test(raw)) out[key] = Number(raw);
      else if (type === 'boolean' && (raw === 'true' || raw === 'false')) out[key] = raw === 'true';
    }
    return out;
  };
}
