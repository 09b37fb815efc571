/** File sizes in units of 1000 (SPEC §12: "File sizes display in units based on 1000"). */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatSize(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** The size an image is shown at: its longer side clamped to 200–320 px (SPEC §5), never wider than it is. */
export function displaySize(
  width: number | undefined,
  height: number | undefined,
): { width: number; height: number } {
  if (!width || !height) return { width: 240, height: 180 };
  const longer = Math.max(width, height);
  const target = Math.min(320, Math.max(200, longer));
  const scale = target / longer;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
