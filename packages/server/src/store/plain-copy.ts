/**
 * A deep copy of the rows the read cache hands out (`read-cache.ts`): plain objects, arrays and
 * primitives, as the stores return them. `structuredClone` copied them before, at a few µs per
 * call through V8's serializer, four to five times per send (issue 9, "Where a send's CPU goes");
 * walking the few fields by hand costs a fraction of that. Anything else (a Date, a Buffer, a Map,
 * a class instance) is handed to `structuredClone`, so the result is what it would have been.
 */
export function plainCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = plainCopy(value[i] as unknown);
    return out as T;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = plainCopy((value as Record<string, unknown>)[key]);
  return out as T;
}
