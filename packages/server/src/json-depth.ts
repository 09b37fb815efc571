/**
 * How deeply JSON text nests, found by one pass over the characters before anything parses or
 * walks it. Recursive walkers (our NUL check, serialisers) overflow the stack at a few thousand
 * levels and answered 500; and 1 MB of `[[[[…` cost ~200 ms of parsing on the event loop, so the
 * refusal must come before `JSON.parse`, not after.
 */
import { LIMITS } from '@parley/protocol';

/** Whether `text` opens more than `max` arrays or objects inside each other (strings skipped). */
export function nestsDeeperThan(text: string, max: number = LIMITS.jsonMaxDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
