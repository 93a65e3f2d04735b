/** Time arithmetic shared by the services: every stored time is epoch ms, every day a UTC day. */

export const DAY_MS = 86_400_000;

/** The UTC day number of an epoch-ms time (days since 1970-01-01). */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** YYYY-MM-DD of a UTC day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export interface MonthBounds {
  start: number;
  next: number;
  label: string;
}

/** The last month asked for: every check asks for its month, nearly always the same one. */
let lastMonth: MonthBounds = { start: 0, next: 0, label: '' };

/** The UTC month holding `now`: its first ms, the next month's first ms, and a YYYY-MM label. */
export function monthBounds(now: Date): MonthBounds {
  const ms = now.getTime();
  if (ms >= lastMonth.start && ms < lastMonth.next) return lastMonth;
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  lastMonth = Object.freeze({ start, next, label: new Date(start).toISOString().slice(0, 7) });
  return lastMonth;
}
