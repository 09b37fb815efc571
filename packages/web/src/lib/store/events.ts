import type { ServerEvent } from '@parley/protocol';

/** Every event the stream delivers is declared in the protocol package (API.md §9.3). */
export type StreamEvent = ServerEvent;
