import { checkServerEvent, type ServerEvent } from '@parley/protocol';

/**
 * Parses one `data:` frame; `null` for a frame to ignore. Development builds check every frame
 * against the protocol and log the field that is wrong, so a server change that breaks the
 * contract shows at once. Production trusts its own server beyond the `type` discriminator:
 * `import.meta.env.DEV` is a constant there, so the validator is left out of the bundle.
 */
export function readEvent(raw: string): ServerEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (import.meta.env.DEV) {
    try {
      return checkServerEvent(value);
    } catch (err) {
      console.error('stream: dropped a frame that breaks the protocol', raw, err);
      return null;
    }
  }
  return hasEventType(value) ? value : null;
}

/** The production check: an object with a `type`; reducers ignore types they do not know. */
function hasEventType(value: unknown): value is ServerEvent {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}
