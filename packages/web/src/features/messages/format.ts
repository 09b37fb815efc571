const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const fullFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = map.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    map.set(locale, format);
  }
  return format;
}

export const formatTime = (time: number, locale: string) =>
  cached(timeFormats, locale, { hour: 'numeric', minute: '2-digit' }).format(time);

export const formatFullDateTime = (time: number, locale: string) =>
  cached(fullFormats, locale, { dateStyle: 'full', timeStyle: 'short' }).format(time);

export const formatDay = (time: number, locale: string) =>
  cached(dateFormats, locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    time,
  );

/** 0 for today, 1 for yesterday, otherwise another positive number of calendar days. */
export function daysAgo(time: number, now: number): number {
  const start = (value: number) => {
    const date = new Date(value);
    return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  };
  return Math.round((start(now) - start(time)) / 86_400_000);
}
