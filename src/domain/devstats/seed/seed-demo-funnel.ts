import { createHash } from "node:crypto";
import { DEMO_DEVELOPER_ID } from "../../../platform/auth/demo-users.js";
import { sqlUuid } from "../../../platform/clickhouse/sql-literal.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Logger } from "../../../platform/log/logger.js";
import type { DevStats } from "../devstats.runtime.js";
import type { Dimension, FunnelBookingRow, FunnelDealRow } from "../funnel.js";

const DEMO_DAYS = 30;
const DEMO_BOOKINGS = 120;
/** 7 of every 20 bookings become a sale (35 %): 42 deals, 2–6 days after their booking. */
const SOLD_OF_TWENTY = new Set([0, 3, 6, 9, 12, 15, 18]);
const DAY_MS = 86_400_000;

/** A stable UUID-shaped id from a name, so a second start writes the same BookingIds (uniq: no change). */
export function demoUuid(name: string): string {
  const h = createHash("sha1").update(`pin-devstats-demo:${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Embedded start: a month of demo bookings and the sales that followed a third of them, on the
 * demo developer's objects, written through the consumers' own paths (funnel_bookings_in →
 * Bookings, funnel_deals_in → Deals), so conversionFunnel answers with two filled stages and their
 * conversion on a fresh clone. Needs the dimension rows (they come from chessboard's seed events);
 * idempotent (fixed ids, uniqState).
 */
export async function seedDemoFunnel(deps: {
  devstats: DevStats;
  clock: Clock;
  log: Logger;
}): Promise<number> {
  const { store, clickhouse } = deps.devstats;
  const objects = await clickhouse.query<Dimension>(
    `SELECT PropertyObjectId,
       argMax(DeveloperId, (UpsertedAt, Version)) AS DeveloperId, argMax(ProjectId, (UpsertedAt, Version)) AS ProjectId,
       argMax(BuildingId, (UpsertedAt, Version)) AS BuildingId, argMax(LayoutGroupId, (UpsertedAt, Version)) AS LayoutGroupId,
       argMax(LayoutId, (UpsertedAt, Version)) AS LayoutId
     FROM ${store.database}.dim_property_object GROUP BY PropertyObjectId
     HAVING DeveloperId = ${sqlUuid(DEMO_DEVELOPER_ID)} ORDER BY PropertyObjectId`,
  );
  if (objects.length === 0) {
    deps.log.warn("no demo dimension rows yet: demo funnel not seeded");
    return 0;
  }
  const today = Date.UTC(
    deps.clock.now().getUTCFullYear(),
    deps.clock.now().getUTCMonth(),
    deps.clock.now().getUTCDate(),
  );
  const rows: FunnelBookingRow[] = [];
  const deals: FunnelDealRow[] = [];
  for (let i = 0; i < DEMO_BOOKINGS; i++) {
    const object = objects[(i * 7) % objects.length]!;
    const bookedAt = today - ((i * 13) % DEMO_DAYS) * DAY_MS;
    const day = new Date(bookedAt).toISOString().slice(0, 10);
    rows.push({ ...object, EventDate: day, BookingId: demoUuid(`booking-${i}`) });
    if (SOLD_OF_TWENTY.has(i % 20)) {
      const soldAt = Math.min(today, bookedAt + (2 + (i % 5)) * DAY_MS);
      const soldDay = new Date(soldAt).toISOString().slice(0, 10);
      deals.push({ ...object, EventDate: soldDay, DealId: demoUuid(`deal-${i}`) });
    }
  }
  await store.insertBookings(rows);
  await store.insertDeals(deals);
  deps.log.info(
    { bookings: rows.length, deals: deals.length, objects: objects.length },
    "demo funnel seeded",
  );
  return rows.length;
}
