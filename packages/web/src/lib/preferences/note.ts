import type { StreamEvent } from '../store';
import { readMessageSound } from './local';

/**
 * The stream's side of preferences, small enough for the first screen: the work is in `./sync`,
 * loaded on the first event that needs it.
 */
const load = () => import('./sync');

/**
 * Applies a change made on another device, and sounds once for a batch that brings someone else's
 * message while the stream is live (`live`: not the backlog of a (re)connection's first sync).
 */
export function notePreferenceEvents(events: StreamEvent[], selfUid: number | null, live: boolean): void {
  for (const event of events)
    if (event.type === 'user_preferences_changed')
      void load().then((m) => m.applyPreferences(event.preferences));
  if (live && readMessageSound() && events.some((e) => e.type === 'chat' && e.from_uid !== selfUid))
    void load().then((m) => m.playMessageSound());
}

/** Fetches the server's copy after each (re)connection: a change made meanwhile was not streamed here. */
export const syncPreferencesSoon = (): void => void load().then((m) => m.syncPreferences());
