import { Compile, type Validator } from 'typebox/compile';
import { ServerEvent } from './events.js';

/** A frame that is not a `ServerEvent`; `errors` name each wrong field by its JSON pointer. */
export class EventShapeError extends Error {
  constructor(readonly errors: string[]) {
    super(`not a ServerEvent: ${errors.join('; ')}`);
    this.name = 'EventShapeError';
  }
}

// Compiled on first use, so a bundle that never checks (the production web client) never compiles.
const compileUnion = () => Compile(ServerEvent);
let union: ReturnType<typeof compileUnion> | undefined;
let byType: Map<string, Validator> | undefined;

/** Returns `value` as a `ServerEvent`, or throws an `EventShapeError` that says where it differs. */
export function checkServerEvent(value: unknown): ServerEvent {
  union ??= compileUnion();
  if (union.Check(value)) return value;
  throw new EventShapeError(explain(value));
}

/**
 * The union's own errors only say "matches no member"; checking against the member its `type`
 * names points at the field that is wrong.
 */
function explain(value: unknown): string[] {
  const type = typeof value === 'object' && value !== null && 'type' in value ? value.type : undefined;
  if (typeof type !== 'string') return ['/type: missing or not a string'];
  byType ??= new Map(ServerEvent.anyOf.map((member) => [member.properties.type.const, Compile(member)]));
  const member = byType.get(type);
  if (!member) return [`/type: unknown event type "${type}"`];
  return member.Errors(value).map((error) => `${error.instancePath || '/'}: ${error.message}`);
}
