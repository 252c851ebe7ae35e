import { createHash } from "node:crypto";

/**
 * The demo's sales month, as a real one looks (issue #44): fewer bookings at weekends than on
 * weekdays, a promotion a fortnight ago, day-to-day noise; about a third of the bookings become
 * sales two to nine days later (those whose day is still to come are pending: still Booked).
 * Deterministic (hash-based, no Math.random): the same day gives the same month, and tests can
 * count on it. Pure. The demo history (seed-demo-history.ts) plays it through crm's commands, so
 * the funnel, the chessboard, the storefront and the chats all follow from it.
 */
export const DEMO_MONTH_DAYS = 30;
const DAY_MS = 86_400_000;
/** Bookings on a plain day by weekday, Sunday first (at scale 1). */
const WEEKDAY_BASE = [1, 4, 5, 5, 4, 6, 2] as const;
/** Days ago of the promotion (a price campaign) and its extra bookings a day (at scale 1). */
const PROMOTION_DAYS_AGO = new Set([12, 13, 14, 15]);
const PROMOTION_EXTRA = 4;
const SOLD_PERCENT = 34;
const MIN_SALE_LAG_DAYS = 2;
const SALE_LAG_SPREAD_DAYS = 8;

export interface DemoBooking {
  /** Its index: the seed's stable ids are built from it. */
  readonly index: number;
  readonly bookedOn: string;
  /** Days between the booking's day and today (0 = today). */
  readonly daysAgo: number;
  /** The sale's day, when this booking became a sale by today. */
  readonly soldOn: string | null;
  /** Will become a sale, but its day is after today: the apartment is still Booked. */
  readonly salePending: boolean;
}

export interface SalesMonthOptions {
  /** Names the month: another name, another (independent) noise. "" is the demo developer's. */
  readonly name?: string;
  /** Bookings relative to the demo developer's month: 0.5 = half as many a day. */
  readonly scale?: number;
}

/** A number in 0..modulo-1 from a name: the demo's only source of variety. */
export function demoHash(name: string, modulo: number): number {
  return createHash("sha1").update(`pin-demo-funnel:${name}`).digest().readUInt32BE(0) % modulo;
}

/** Bookings on the day `daysAgo` before today (`todayMs` = today's 00:00 UTC). */
export function bookingsOnDay(todayMs: number, daysAgo: number, options: SalesMonthOptions = {}): number {
  const { name = "", scale = 1 } = options;
  const weekday = new Date(todayMs - daysAgo * DAY_MS).getUTCDay();
  const noise = demoHash(`${name}day-${daysAgo}`, 4) - 1;
  const promotion = PROMOTION_DAYS_AGO.has(daysAgo) ? PROMOTION_EXTRA : 0;
  return Math.max(0, Math.round(((WEEKDAY_BASE[weekday] ?? 0) + promotion) * scale) + noise);
}

/** The month's bookings, oldest first. */
export function demoSalesMonth(todayMs: number, options: SalesMonthOptions = {}): DemoBooking[] {
  const name = options.name ?? "";
  const plan: DemoBooking[] = [];
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let daysAgo = DEMO_MONTH_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const bookedMs = todayMs - daysAgo * DAY_MS;
    for (let n = bookingsOnDay(todayMs, daysAgo, options); n > 0; n--) {
      const index = plan.length;
      const sold = demoHash(`${name}sold-${index}`, 100) < SOLD_PERCENT;
      const lag = MIN_SALE_LAG_DAYS + demoHash(`${name}lag-${index}`, SALE_LAG_SPREAD_DAYS);
      const saleMs = bookedMs + lag * DAY_MS;
      const soldOn = sold && saleMs <= todayMs ? isoDay(saleMs) : null;
      plan.push({
        index,
        bookedOn: isoDay(bookedMs),
        daysAgo,
        soldOn,
        salePending: sold && saleMs > todayMs,
      });
    }
  }
  return plan;
}
