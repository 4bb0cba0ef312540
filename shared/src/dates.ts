/**
 * Dates from the server may be epoch seconds, epoch milliseconds or strings (spec §3).
 * Returns null for anything that is not a real date.
 */
export function parseApiDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    date = new Date(value < 1e11 ? value * 1000 : value);
  } else if (typeof value === 'string') {
    const trimmed = value.trim();
    date = /^\d+$/.test(trimmed) ? parseApiDateNumber(Number(trimmed)) : new Date(trimmed);
  } else if (value instanceof Date) {
    date = value;
  } else {
    return null;
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

function parseApiDateNumber(n: number): Date {
  return new Date(n < 1e11 ? n * 1000 : n);
}

/** Invalid dates show N/A (spec §3, §8). */
export function formatApiDate(
  value: unknown,
  options?: Intl.DateTimeFormatOptions,
  locale?: string,
): string {
  const date = parseApiDate(value);
  if (!date) return 'N/A';
  return date.toLocaleDateString(
    locale,
    options ?? { year: 'numeric', month: 'long', day: 'numeric' },
  );
}

export function formatApiDateTime(value: unknown, locale?: string): string {
  const date = parseApiDate(value);
  if (!date) return 'N/A';
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
