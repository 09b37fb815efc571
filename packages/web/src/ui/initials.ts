/** Initials from the first letters of up to four words (SPEC §5). */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean).slice(0, 4);
  return words.map((word) => Array.from(word)[0]?.toUpperCase() ?? '').join('') || '?';
}

/** A stable hue per id, so the same person keeps the same colour everywhere. */
export function hueFor(id: number): number {
  return (Math.imul(id + 1, 2654435761) >>> 0) % 360;
}
