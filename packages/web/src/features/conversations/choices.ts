import { AUTO_DELETE_CHOICES } from '@parley/protocol';

/** Mute durations offered, in seconds; 0 = until turned off again. */
export const MUTE_CHOICES = [3600, 8 * 3600, 86_400, 7 * 86_400, 0] as const;

/** Auto-delete of own messages (SPEC §4): off, 5 min, 10 min, 1 h, 1 day, 1 week. */
export const AUTO_DELETE_SECONDS = AUTO_DELETE_CHOICES;

/** Labels' keys for a number of seconds. */
export function durationKey(seconds: number) {
  switch (seconds) {
    case 0:
      return 'conversation:duration.off' as const;
    case 300:
      return 'conversation:duration.m5' as const;
    case 600:
      return 'conversation:duration.m10' as const;
    case 3600:
      return 'conversation:duration.h1' as const;
    case 8 * 3600:
      return 'conversation:duration.h8' as const;
    case 86_400:
      return 'conversation:duration.d1' as const;
    case 7 * 86_400:
      return 'conversation:duration.w1' as const;
    default:
      return 'conversation:duration.custom' as const;
  }
}
