import { Prisma } from "../../../generated/prisma/client.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import { ConcurrencyConflictError } from "../../../platform/errors/concurrency-conflict.js";
import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { type EventCause, statusChangedEvent } from "../property-object/property-object.events.js";
import type { PropertyObjectRow } from "../property-object/property-object.row.js";
import type { Tombstone, TombstoneOutcome } from "./hold-change.decide.js";

/**
 * What a booking event is decided on, read in ONE statement (decision 0625): the property object
 * under its row lock, its building's status (for the published statuses, ASM-1) and the booking's
 * tombstone on this object — three reads and a lock that were four statements, three of them
 * Prisma calls.
 */
export interface BookingEventTarget {
  readonly row: PropertyObjectRow;
  readonly buildingStatus: string;
  readonly tombstone: Tombstone | null;
}

interface TargetRow extends PropertyObjectRow {
  buildingStatus: string | null;
  tombstoneBookingId: string | null;
  tombstoneDealId: string | null;
  tombstoneLastVersion: number | null;
  tombstoneOutcome: string | null;
}

export async function lockBookingEventTarget(
  tx: RawTx,
  propertyObjectId: string,
  bookingId: string,
): Promise<BookingEventTarget | null> {
  const [found] = await tx.$queryRaw<TargetRow[]>`
    SELECT po.id::text, po.tenant_id::text AS "tenantId", po.project_id::text AS "projectId",
           po.building_id::text AS "buildingId", po.layout_id::text AS "layoutId",
           po.layout_group_id::text AS "layoutGroupId", po.property_type AS "propertyType", po.number,
           po.floor, po.section, po.rooms, po.total_area AS "totalArea", po.living_area AS "livingArea",
           po.price, po.currency_iso_code AS "currencyIsoCode", po.window_views AS "windowViews",
           po.capacity, po.status, po.hidden_self AS "hiddenSelf", po.hidden_by_building AS "hiddenByBuilding",
           po.hold_deal_id::text AS "holdDealId", po.hold_booking_id::text AS "holdBookingId",
           po.hold_booking_version AS "holdBookingVersion", po.hold_since AS "holdSince",
           po.reserved_until AS "reservedUntil", po.booked_until AS "bookedUntil", po.sold_at AS "soldAt",
           po.status_changed_at AS "statusChangedAt", po.version, po.created_at AS "createdAt",
           po.updated_at AS "updatedAt",
           b.status AS "buildingStatus",
           fb.booking_id::text AS "tombstoneBookingId", fb.deal_id::text AS "tombstoneDealId",
           fb.last_version AS "tombstoneLastVersion", fb.outcome AS "tombstoneOutcome"
    FROM chessboard.property_objects po
    LEFT JOIN chessboard.buildings b ON b.id = po.building_id
    LEFT JOIN chessboard.finished_bookings fb ON fb.property_object_id = po.id AND fb.booking_id = ${bookingId}::uuid
    WHERE po.id = ${propertyObjectId}::uuid
    FOR UPDATE OF po`;
  if (!found) return null;
  const {
    buildingStatus,
    tombstoneBookingId,
    tombstoneDealId,
    tombstoneLastVersion,
    tombstoneOutcome,
    ...row
  } = found;
  return {
    row,
    // an unknown building: as is (buildingStatusOf's rule)
    buildingStatus: buildingStatus ?? "Published",
    tombstone:
      tombstoneBookingId && tombstoneDealId && tombstoneLastVersion !== null
        ? {
            bookingId: tombstoneBookingId,
            dealId: tombstoneDealId,
            lastVersion: tombstoneLastVersion,
            outcome: tombstoneOutcome as TombstoneOutcome,
          }
        : null,
  };
}

/**
 * The object's new sale state and its status-changed event in ONE statement (the UPDATE as a
 * data-modifying CTE, the outbox row written only if it updated). `after` is the row the update
 * writes, computed by the caller from the locked row.
 */
export async function writeSaleStateWithEvent(
  tx: RawTx,
  clock: Clock,
  target: BookingEventTarget,
  after: PropertyObjectRow,
  cause: EventCause,
): Promise<void> {
  const { row, buildingStatus } = target;
  const event = statusChangedEvent(
    row,
    after,
    "Booking",
    { before: buildingStatus, after: buildingStatus },
    cause,
  );
  const outbox = outboxInsert([event], clock, Prisma.sql`EXISTS (SELECT 1 FROM updated)`);
  const written = await tx.$executeRaw`
    WITH updated AS (
      UPDATE chessboard.property_objects SET
        status = ${after.status}, hold_booking_id = ${after.holdBookingId}::uuid,
        hold_deal_id = ${after.holdDealId}::uuid, hold_booking_version = ${after.holdBookingVersion}::int,
        reserved_until = ${after.reservedUntil}::timestamptz, booked_until = ${after.bookedUntil}::timestamptz,
        hold_since = ${after.holdSince}::timestamptz, sold_at = ${after.soldAt}::timestamptz,
        hidden_self = ${after.hiddenSelf}, hidden_by_building = ${after.hiddenByBuilding},
        version = ${after.version}, updated_at = ${after.updatedAt}, status_changed_at = ${after.statusChangedAt}
      WHERE id = ${row.id}::uuid AND version = ${row.version}
      RETURNING 1
    )
    ${outbox.sql}`;
  // the row is locked since it was read; should its version have moved, the batch is retried
  if (written !== 1)
    throw new ConcurrencyConflictError(`property object ${row.id} changed since it was read`);
}
