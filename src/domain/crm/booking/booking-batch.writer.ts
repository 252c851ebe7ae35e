import type { CrmEvent } from "../../../contracts/crm-booking-events.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { crmErrors } from "../crm.errors.js";
import type { Deal } from "../deal/deal.types.js";
import { timelineInsert } from "../timeline/timeline.repository.js";
import type { TimelineDraft } from "../timeline/timeline.types.js";
import { type CausationMeta, outgoing } from "./booking.outbox.js";
import type { Booking } from "./booking.types.js";

export interface VersionedChange<T> {
  readonly previousVersion: number;
  readonly next: T;
}

export interface BatchWrite {
  readonly bookings: readonly VersionedChange<Booking>[];
  readonly deals: readonly VersionedChange<Deal>[];
  readonly timeline: readonly TimelineDraft[];
  readonly events: readonly CrmEvent[];
}

/**
 * A batch of booking transitions in ONE statement (data-modifying CTEs): the bookings and the
 * deals, each UPDATE guarded by the version it was decided on, the timeline rows and the outbox
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
  const bookingRows = batch.bookings.map(({ previousVersion, next: b }) => ({
    id: b.id,
    previous_version: previousVersion,
    status: b.status,
    reserve_expires_at: b.reserveExpiresAt,
    booking_expires_at: b.bookingExpiresAt,
    payment_status: b.paymentStatus,
    contract_file_id: b.contractFileId,
    receipt_file_id: b.receiptFileId,
    cancel_reason: b.cancelReason,
    confirmed_at: b.confirmedAt,
    ended_at: b.endedAt,
    version: b.version,
  }));
  const dealRows = batch.deals.map(({ previousVersion, next: d }) => ({
    id: d.id,
    previous_version: previousVersion,
    tenant_id: d.tenantId,
    status: d.status,
    cancel_reason: d.cancelReason,
    version: d.version,
  }));
  const outbox = outboxInsert(
    batch.events.map((event) => outgoing(event, meta)),
    clock,
  );
  const [row] = await tx.$queryRaw<Array<{ bookings: number; deals: number }>>`
    WITH bu AS (
      UPDATE crm.bookings b
         SET status = v.status, reserve_expires_at = v.reserve_expires_at, booking_expires_at = v.booking_expires_at,
             payment_status = v.payment_status, contract_file_id = v.contract_file_id,
             receipt_file_id = v.receipt_file_id, cancel_reason = v.cancel_reason, confirmed_at = v.confirmed_at,
             ended_at = v.ended_at, updated_at = ${now}, version = v.version
        FROM jsonb_to_recordset(${JSON.stringify(bookingRows)}::jsonb)
          AS v(id uuid, previous_version int, status text, reserve_expires_at timestamptz,
               booking_expires_at timestamptz, payment_status text, contract_file_id text, receipt_file_id text,
               cancel_reason text, confirmed_at timestamptz, ended_at timestamptz, version int)
       WHERE b.id = v.id AND b.version = v.previous_version
      RETURNING b.id),
    du AS (
      UPDATE crm.deals d
         SET tenant_id = v.tenant_id, status = v.status, cancel_reason = v.cancel_reason, updated_at = ${now},
             version = v.version
        FROM jsonb_to_recordset(${JSON.stringify(dealRows)}::jsonb)
          AS v(id uuid, previous_version int, tenant_id uuid, status text, cancel_reason text, version int)
       WHERE d.id = v.id AND d.version = v.previous_version
      RETURNING d.id),
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
