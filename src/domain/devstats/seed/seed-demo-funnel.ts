import { createHash } from "node:crypto";
import { DEMO_DEVELOPER_ID } from "../../../platform/auth/demo-users.js";
import { sqlUuid } from "../../../platform/clickhouse/sql-literal.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Logger } from "../../../platform/log/logger.js";
import type { DevStats } from "../devstats.runtime.js";
import type { Dimension, FunnelBookingRow, FunnelDealRow } from "../funnel.js";
import { demoFunnelPlan } from "./demo-funnel-plan.js";

/** A stable UUID-shaped id from a name, so a second start writes the same BookingIds (uniq: no change). */
export function demoUuid(name: string): string {
  const h = createHash("sha1").update(`pin-devstats-demo:${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Embedded start: a month of demo bookings (demo-funnel-plan.ts) and the sales that followed about a
 * third of them, on the
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
  for (const booking of demoFunnelPlan(today)) {
    const object = objects[(booking.index * 7) % objects.length]!;
    rows.push({ ...object, EventDate: booking.bookedOn, BookingId: demoUuid(`booking-${booking.index}`) });
    if (booking.soldOn)
      deals.push({ ...object, EventDate: booking.soldOn, DealId: demoUuid(`deal-${booking.index}`) });
  }
  await store.insertBookings(rows);
  await store.insertDeals(deals);
  deps.log.info(
    { bookings: rows.length, deals: deals.length, objects: objects.length },
    "demo funnel seeded",
  );
  return rows.length;
}
