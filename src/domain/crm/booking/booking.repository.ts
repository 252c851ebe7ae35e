import { type CrmEvent, crmEventAggregateType, crmEventKey } from "../../../contracts/crm-booking-events.js";
import type { CrmBooking, CrmDeal } from "../../../generated/prisma/client.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { enqueue, enqueueMany } from "../../../platform/events/outbox/enqueue.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import { DEAL_STATUSES, type Deal, type DealStatus } from "../deal/deal.types.js";
import type { TimelineDraft } from "../timeline/timeline.types.js";
import {
  BOOKING_STATUSES,
  type Booking,
  type BookingStatus,
  type InitiatedBy,
  type PaymentStatus,
} from "./booking.types.js";

const INITIATORS: readonly InitiatedBy[] = ["Agent", "Investor", "PinManager"];
const PAYMENT_STATUSES: readonly PaymentStatus[] = ["None", "Uploaded", "Paid"];

function oneOf<T extends string>(values: readonly T[], raw: string, what: string): T {
  if ((values as readonly string[]).includes(raw)) return raw as T;
  throw new Error(`Unexpected ${what} in the database: ${raw}`);
}

export function bookingFromRow(row: CrmBooking): Booking {
  return {
    id: row.id,
    dealId: row.dealId,
    propertyObjectId: row.propertyObjectId,
    tenantId: row.tenantId,
    status: oneOf<BookingStatus>(BOOKING_STATUSES, row.status, "booking status"),
    initiatedBy: oneOf(INITIATORS, row.initiatedBy, "initiator"),
    initiatedByUserId: row.initiatedByUserId,
    terms: {
      reserveDurationMinutes: row.reserveDurationMinutes,
      bookingDurationHours: row.bookingDurationHours,
      isPaid: row.isPaid,
    },
    reserveExpiresAt: row.reserveExpiresAt,
    bookingExpiresAt: row.bookingExpiresAt,
    paymentStatus: oneOf(PAYMENT_STATUSES, row.paymentStatus, "payment status"),
    contractFileId: row.contractFileId,
    receiptFileId: row.receiptFileId,
    requisiteSetId: row.requisiteSetId,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    endedAt: row.endedAt,
    version: row.version,
  };
}

export function dealFromRow(row: CrmDeal): Deal {
  return {
    id: row.id,
    tenantId: row.tenantId,
    status: oneOf<DealStatus>(DEAL_STATUSES, row.status, "deal status"),
    agentUserId: row.agentUserId,
    investorUserId: row.investorUserId,
    createdByUserId: row.createdByUserId,
    title: row.title,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    version: row.version,
  };
}

function bookingColumns(b: Booking, now: Date) {
  return {
    status: b.status,
    reserveExpiresAt: b.reserveExpiresAt,
    bookingExpiresAt: b.bookingExpiresAt,
    paymentStatus: b.paymentStatus,
    contractFileId: b.contractFileId,
    receiptFileId: b.receiptFileId,
    cancelReason: b.cancelReason,
    confirmedAt: b.confirmedAt,
    endedAt: b.endedAt,
    updatedAt: now,
    version: b.version,
  };
}

export async function findBooking(tx: Tx, id: string): Promise<Booking | null> {
  const row = await tx.crmBooking.findUnique({ where: { id } });
  return row ? bookingFromRow(row) : null;
}

export async function findDeal(tx: Tx, id: string): Promise<Deal | null> {
  const row = await tx.crmDeal.findUnique({ where: { id } });
  return row ? dealFromRow(row) : null;
}

export async function findActiveBookingOfDeal(tx: Tx, dealId: string): Promise<Booking | null> {
  const row = await tx.crmBooking.findFirst({
    where: { dealId, status: { in: ["Reserved", "AwaitingPayment", "Booked"] } },
  });
  return row ? bookingFromRow(row) : null;
}

/**
 * Inserts a new booking. The partial unique indexes are the real guards under concurrency:
 * ux_bookings_active_property_object (INV-BKG-001) and ux_bookings_active_deal.
 */
export async function insertBooking(tx: Tx, b: Booking): Promise<void> {
  try {
    await tx.crmBooking.create({
      data: {
        id: b.id,
        dealId: b.dealId,
        propertyObjectId: b.propertyObjectId,
        tenantId: b.tenantId,
        initiatedBy: b.initiatedBy,
        initiatedByUserId: b.initiatedByUserId,
        reserveDurationMinutes: b.terms.reserveDurationMinutes,
        bookingDurationHours: b.terms.bookingDurationHours,
        isPaid: b.terms.isPaid,
        requisiteSetId: b.requisiteSetId,
        createdAt: b.createdAt,
        ...bookingColumns(b, b.createdAt),
      },
    });
  } catch (error) {
    throw mapUniqueViolation(error, b) ?? error;
  }
}

function mapUniqueViolation(error: unknown, b: Booking) {
  const text = errorText(error);
  if (text.includes("ux_bookings_active_property_object") || /property_object_id/.test(text)) {
    return crmErrors.conflict(
      CRM_ERROR.propertyObjectBusy,
      `Property object ${b.propertyObjectId} already has an active booking`,
      { propertyObjectId: b.propertyObjectId },
    );
  }
  if (text.includes("ux_bookings_active_deal") || /deal_id/.test(text)) {
    return crmErrors.conflict(
      CRM_ERROR.dealHasActiveBooking,
      `Deal ${b.dealId} already has an active booking`,
      {
        dealId: b.dealId,
      },
    );
  }
  return null;
}

/** Prisma wraps the pg error; the constraint name sits in the message or in meta. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const meta = (error as { meta?: unknown }).meta;
  return `${error.message} ${meta ? JSON.stringify(meta) : ""}`;
}

/** Optimistic update: exactly one writer of version N wins; the loser gets CRM_CONCURRENT_MODIFICATION. */
export async function updateBookingVersioned(tx: Tx, previousVersion: number, next: Booking, now: Date) {
  const { count } = await tx.crmBooking.updateMany({
    where: { id: next.id, version: previousVersion },
    data: bookingColumns(next, now),
  });
  if (count === 0) throw crmErrors.concurrent("Booking", next.id);
}

export async function insertDeal(tx: Tx, d: Deal): Promise<void> {
  await tx.crmDeal.create({
    data: {
      id: d.id,
      tenantId: d.tenantId,
      status: d.status,
      agentUserId: d.agentUserId,
      investorUserId: d.investorUserId,
      createdByUserId: d.createdByUserId,
      title: d.title,
      cancelReason: d.cancelReason,
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      version: d.version,
    },
  });
}

export async function updateDealVersioned(tx: Tx, previousVersion: number, next: Deal, now: Date) {
  const { count } = await tx.crmDeal.updateMany({
    where: { id: next.id, version: previousVersion },
    data: {
      tenantId: next.tenantId,
      status: next.status,
      cancelReason: next.cancelReason,
      updatedAt: now,
      version: next.version,
    },
  });
  if (count === 0) throw crmErrors.concurrent("Deal", next.id);
}

/**
 * One statement for any number of timeline rows. Raw SQL on purpose: Prisma's createMany spent
 * ~0.5 s per 1,000 rows in the expiration worker's batches (docs/benchmarks.md, CRM).
 */
export async function insertTimeline(tx: Tx, entries: readonly TimelineDraft[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e, ord) => ({
    ord,
    deal_id: e.dealId,
    booking_id: e.bookingId,
    entity: e.entity,
    action: e.action,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    actor_user_id: e.actorUserId,
    reason: e.reason,
    at: e.at,
  }));
  await tx.$executeRaw`
    INSERT INTO crm.timeline_entries (deal_id, booking_id, entity, action, from_status, to_status, actor_user_id,
                                      reason, at)
    SELECT v.deal_id, v.booking_id, v.entity, v.action, v.from_status, v.to_status, v.actor_user_id, v.reason, v.at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(ord int, deal_id uuid, booking_id uuid, entity text, action text, from_status text, to_status text,
             actor_user_id text, reason text, at timestamptz)
     ORDER BY v.ord`;
}

export interface CausationMeta {
  /** Saga-wide correlation id; defaults to the BookingId (saga id) */
  readonly correlationId?: string;
  /** The message or request that caused this transition */
  readonly causationId?: string | null;
}

function outgoing(event: CrmEvent, meta: CausationMeta) {
  return {
    topic: event.topic,
    key: crmEventKey(event),
    aggregateType: crmEventAggregateType(event),
    payload: event.payload,
    correlationId: meta.correlationId ?? event.payload.BookingId,
    causationId: meta.causationId ?? null,
  };
}

/** Every event of a transition goes to the outbox in the caller's transaction. */
export async function enqueueEvents(
  tx: Tx,
  events: readonly CrmEvent[],
  meta: CausationMeta,
  clock: Clock,
): Promise<void> {
  for (const event of events) await enqueue(tx, outgoing(event, meta), clock);
}

export interface VersionedChange<T> {
  readonly previousVersion: number;
  readonly next: T;
}

/**
 * Set-based `updateBookingVersioned` for a batch (one statement). All or nothing: if any row's
 * version moved, CRM_CONCURRENT_MODIFICATION and the caller rolls the batch back.
 */
export async function updateBookingsVersioned(
  tx: Tx,
  changes: readonly VersionedChange<Booking>[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map(({ previousVersion, next: b }) => ({
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
  const count = await tx.$executeRaw`
    UPDATE crm.bookings b
       SET status = v.status, reserve_expires_at = v.reserve_expires_at, booking_expires_at = v.booking_expires_at,
           payment_status = v.payment_status, contract_file_id = v.contract_file_id,
           receipt_file_id = v.receipt_file_id, cancel_reason = v.cancel_reason, confirmed_at = v.confirmed_at,
           ended_at = v.ended_at, updated_at = ${now}, version = v.version
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, previous_version int, status text, reserve_expires_at timestamptz,
             booking_expires_at timestamptz, payment_status text, contract_file_id text, receipt_file_id text,
             cancel_reason text, confirmed_at timestamptz, ended_at timestamptz, version int)
     WHERE b.id = v.id AND b.version = v.previous_version`;
  if (count !== changes.length) throw crmErrors.concurrent("Booking batch", `${changes.length - count} rows`);
}

/** Set-based `updateDealVersioned` for a batch (one statement), all or nothing like the bookings. */
export async function updateDealsVersioned(
  tx: Tx,
  changes: readonly VersionedChange<Deal>[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map(({ previousVersion, next: d }) => ({
    id: d.id,
    previous_version: previousVersion,
    tenant_id: d.tenantId,
    status: d.status,
    cancel_reason: d.cancelReason,
    version: d.version,
  }));
  const count = await tx.$executeRaw`
    UPDATE crm.deals d
       SET tenant_id = v.tenant_id, status = v.status, cancel_reason = v.cancel_reason, updated_at = ${now},
           version = v.version
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, previous_version int, tenant_id uuid, status text, cancel_reason text, version int)
     WHERE d.id = v.id AND d.version = v.previous_version`;
  if (count !== changes.length) throw crmErrors.concurrent("Deal batch", `${changes.length - count} rows`);
}

/** `enqueueEvents` in one statement for a batch; same metadata, same per-key order. */
export async function enqueueEventsMany(
  tx: Tx,
  events: readonly CrmEvent[],
  meta: CausationMeta,
  clock: Clock,
): Promise<void> {
  await enqueueMany(
    tx,
    events.map((event) => outgoing(event, meta)),
    clock,
  );
}
