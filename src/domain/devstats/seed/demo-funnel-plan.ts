import { createHash } from "node:crypto";

/**
 * The demo funnel's month, as a real sales month looks (issue #44): fewer bookings at weekends
 * than on weekdays, a promotion a fortnight ago, day-to-day noise; about a third of the bookings
 * become sales two to nine days later. Deterministic (hash-based, no Math.random): a second start
 * writes the same rows, and tests can count on the totals. Pure.
 */
export const DEMO_FUNNEL_DAYS = 30;
const DAY_MS = 86_400_000;
/** Bookings on a plain day by weekday, Sunday first. */
const WEEKDAY_BASE = [1, 4, 5, 5, 4, 6, 2] as const;
/** Days ago of the promotion (a price campaign) and its extra bookings a day. */
const PROMOTION_DAYS_AGO = new Set([12, 13, 14, 15]);
const PROMOTION_EXTRA = 4;
const SOLD_PERCENT = 34;
const MIN_SALE_LAG_DAYS = 2;
const SALE_LAG_SPREAD_DAYS = 8;

export interface DemoBooking {
  /** Its index: the seed's stable ids are built from it. */
  readonly index: number;
  readonly bookedOn: string;
  /** The sale's day (never after today), when this booking became a sale. */
  readonly soldOn: string | null;
}

/** A number in 0..modulo-1 from a name: the plan's only source of variety. */
export function demoHash(name: string, modulo: number): number {
  return createHash("sha1").update(`pin-demo-funnel:${name}`).digest().readUInt32BE(0) % modulo;
}

/** Bookings on the day `daysAgo` before today (`todayMs` = today's 00:00 UTC). */
export function bookingsOnDay(todayMs: number, daysAgo: number): number {
  const weekday = new Date(todayMs - daysAgo * DAY_MS).getUTCDay();
  const noise = demoHash(`day-${daysAgo}`, 4) - 1;
  const promotion = PROMOTION_DAYS_AGO.has(daysAgo) ? PROMOTION_EXTRA : 0;
  return Math.max(0, (WEEKDAY_BASE[weekday] ?? 0) + noise + promotion);
}

export function demoFunnelPlan(todayMs: number): DemoBooking[] {
  const plan: DemoBooking[] = [];
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let daysAgo = DEMO_FUNNEL_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const bookedMs = todayMs - daysAgo * DAY_MS;
    for (let n = bookingsOnDay(todayMs, daysAgo); n > 0; n--) {
      const index = plan.length;
      const sold = demoHash(`sold-${index}`, 100) < SOLD_PERCENT;
      const lag = MIN_SALE_LAG_DAYS + demoHash(`lag-${index}`, SALE_LAG_SPREAD_DAYS);
      const soldOn = sold ? isoDay(Math.min(todayMs, bookedMs + lag * DAY_MS)) : null;
      plan.push({ index, bookedOn: isoDay(bookedMs), soldOn });
    }
  }
  return plan;
}
