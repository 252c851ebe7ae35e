import type { CrmEvent } from "../../../contracts/crm-booking-events.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { type VersionedChange, versionedUpdateMany } from "../command/versioned-columns.js";
import { crmErrors } from "../crm.errors.js";
import { DEAL_TABLE } from "../deal/deal.columns.js";
import type { Deal } from "../deal/deal.types.js";
import { timelineInsert } from "../timeline/timeline.repository.js";
import type { TimelineDraft } from "../timeline/timeline.types.js";
import { BOOKING_TABLE } from "./booking.columns.js";
import { type CausationMeta, outgoing } from "./booking.outbox.js";
import type { Booking } from "./booking.types.js";

export interface BatchWrite {
  readonly bookings: readonly VersionedChange<Booking>[];
  readonly deals: readonly VersionedChange<Deal>[];
  readonly timeline: readonly TimelineDraft[];
  readonly events: readonly CrmEvent[];
}

/**
 * A batch of booking transitions in ONE statement (data-modifying CTEs): the bookings and the
 * deals, each UPDATE derived from the aggregate's column map (BOOKING_TABLE, DEAL_TABLE) like the
 * single write and guarded by the version it was decided on, the timeline rows and the outbox
 * rows (same metadata and per-key order as `enqueueEvents`). All or nothing: if any row's version
 * moved, CRM_CONCURRENT_MODIFICATION and the caller rolls the batch back.
 */
export async function writeBatchVersioned(
  tx: Tx,
  batch: BatchWrite,
  meta: CausationMeta,
  clock: Clock,
  now: Date,
): Promise<void> {
  const outbox = outboxInsert(
    batch.events.map((event) => outgoing(event, meta)),
    clock,
  );
  const [row] = await tx.$queryRaw<Array<{ bookings: number; deals: number }>>`
    WITH bu AS (${versionedUpdateMany(BOOKING_TABLE, batch.bookings, now)}),
    du AS (${versionedUpdateMany(DEAL_TABLE, batch.deals, now)}),
    timeline AS (${timelineInsert(batch.timeline)}),
    outbox AS (${outbox.sql})
    SELECT (SELECT count(*)::int FROM bu) AS bookings, (SELECT count(*)::int FROM du) AS deals`;
  const bookings = row?.bookings ?? 0;
  const deals = row?.deals ?? 0;
  if (bookings !== batch.bookings.length || deals !== batch.deals.length) {
    throw crmErrors.concurrent(
      "Booking batch",
      `${batch.bookings.length - bookings} bookings, ${batch.deals.length - deals} deals moved`,
    );
  }
}
