/**
 * Fastify's own response serializers (fast-json-stringify, each with an Ajv of its own), compiled
 * once per schema per process rather than once per route per server. Compiling them was most of
 * the time `buildServer` takes; a process that builds many servers (the tests: up to three nodes
 * for each test server) now pays it once for each schema of the route table, whose schemas are
 * module constants. A serializer depends only on its schema, the shared schemas and the serializer
 * options: with shared schemas (`addSchema`) or options the cache steps aside. Each is compiled on
 * its first reply, not at start: the generated code of ~300 serializers is memory at rest (issue 9).
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;
type SerializerCompiler = ReturnType<SerializerFactory>;
type Serializer = ReturnType<SerializerCompiler>;

// The default factory, loaded as Fastify loads it (lib/schema-controller.js): from Fastify's own
// location, and only when a first serializer is compiled. Loading it brings fast-json-stringify,
// Ajv, ajv-formats and fast-uri (~0.8 MB of source, outside the bundle of `npm start`), which
// a server at rest never runs (docs/benchmarks.md, "Idle RSS: loaded on first use").
let loaded: SerializerFactory | undefined;
function defaultFactory(...args: Parameters<SerializerFactory>): SerializerCompiler {
  if (!loaded) {
    const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
    loaded = (fromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)();
  }
  return loaded(...args);
}

const compiled = new WeakMap<object, Serializer>();

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);

export const cachedSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  if (!isEmpty(externalSchemas) || !isEmpty(options)) return defaultFactory(externalSchemas, options);
  let compiler: SerializerCompiler | undefined;
  const compile: SerializerCompiler = (route) =>
    (compiler ??= defaultFactory(externalSchemas, options))(route);
  return (route) => {
    const { schema } = route;
    if (schema === null || typeof schema !== 'object') return compile(route);
    let serializer = compiled.get(schema);
    if (!serializer) {
      // Compiled when a reply first needs it: most routes of a server at rest never answer.
      let built: Serializer | undefined;
      serializer = (data: unknown) => (built ??= compile(route))(data);
      compiled.set(schema, serializer);
    }
    return serializer;
  };
};
