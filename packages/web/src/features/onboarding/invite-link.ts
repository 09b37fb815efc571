/** The server builds links from its configured frontend URL; show them on the origin the admin uses. */
export function rewriteInviteOrigin(link: string, origin: string): string {
  const trimmed = link.trim();
  try {
    const url = new URL(trimmed);
    return `${origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return trimmed;
  }
}

export type DurationUnit = 'minute' | 'hour' | 'day';

/** Splits an expiry in seconds into the largest whole unit for display (1800 -> 30 minute). */
export function splitDuration(seconds: number): { value: number; unit: DurationUnit } {
  if (seconds % 86_400 === 0) return { value: seconds / 86_400, unit: 'day' };
  if (seconds % 3_600 === 0) return { value: seconds / 3_600, unit: 'hour' };
  return { value: Math.round(seconds / 60), unit: 'minute' };
}

export function formatDuration(seconds: number, locale: string): string {
  const { value, unit } = splitDuration(seconds);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
