import { type CrmEvent, crmEventAggregateType, crmEventKey } from "../../../contracts/crm-booking-events.js";
import { type CrmBooking, type CrmDeal, Prisma } from "../../../generated/prisma/client.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import { enqueue, outboxInsert } from "../../../platform/events/outbox/enqueue.js";
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
import { crmEventOccurredAt } from "./booking-event-time.js";

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

/** Booking columns aliased like the Prisma model, so raw rows go through `bookingFromRow`. */
export const BOOKING_COLUMNS = Prisma.sql`
  b.id::text AS "id", b.deal_id::text AS "dealId", b.property_object_id::text AS "propertyObjectId",
  b.tenant_id::text AS "tenantId", b.status AS "status", b.initiated_by AS "initiatedBy",
  b.initiated_by_user_id AS "initiatedByUserId", b.reserve_duration_minutes AS "reserveDurationMinutes",
  b.booking_duration_hours AS "bookingDurationHours", b.is_paid AS "isPaid", b.reserve_expires_at AS "reserveExpiresAt",
  b.booking_expires_at AS "bookingExpiresAt", b.payment_status AS "paymentStatus",
  b.contract_file_id AS "contractFileId", b.receipt_file_id AS "receiptFileId", b.requisite_set_id AS "requisiteSetId",
  b.cancel_reason AS "cancelReason", b.created_at AS "createdAt", b.confirmed_at AS "confirmedAt",
  b.ended_at AS "endedAt", b.updated_at AS "updatedAt", b.version AS "version"`;

/** Deal columns (table alias `d`) prefixed with `deal`, for reads that join the deal to something else. */
export const DEAL_COLUMNS = Prisma.sql`
  d.id::text AS "dealId", d.tenant_id::text AS "dealTenantId", d.status AS "dealStatus",
  d.agent_user_id AS "dealAgentUserId", d.investor_user_id AS "dealInvestorUserId",
  d.created_by_user_id AS "dealCreatedByUserId", d.title AS "dealTitle", d.cancel_reason AS "dealCancelReason",
  d.created_at AS "dealCreatedAt", d.updated_at AS "dealUpdatedAt", d.version AS "dealVersion"`;

export interface DealColumns {
  readonly dealId: string;
  readonly dealTenantId: string | null;
  readonly dealStatus: string;
  readonly dealAgentUserId: string | null;
  readonly dealInvestorUserId: string | null;
  readonly dealCreatedByUserId: string;
  readonly dealTitle: string;
  readonly dealCancelReason: string | null;
  readonly dealCreatedAt: Date;
  readonly dealUpdatedAt: Date;
  readonly dealVersion: number;
}

export function dealFromColumns(r: DealColumns): Deal {
  return dealFromRow({
    id: r.dealId,
    tenantId: r.dealTenantId,
    status: r.dealStatus,
    agentUserId: r.dealAgentUserId,
    investorUserId: r.dealInvestorUserId,
    createdByUserId: r.dealCreatedByUserId,
    title: r.dealTitle,
    cancelReason: r.dealCancelReason,
    createdAt: r.dealCreatedAt,
    updatedAt: r.dealUpdatedAt,
    version: r.dealVersion,
  });
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

export interface CreatedBookingWrite {
  readonly booking: Booking;
  readonly dealId: string;
  /** The deal version the decision read; the write happens only if it is still current */
  readonly dealVersion: number;
  /** The deal's next state when the booking moves it, null when it stays as it is */
  readonly nextDeal: Deal | null;
  readonly timeline: readonly TimelineDraft[];
  readonly events: readonly CrmEvent[];
  readonly meta: CausationMeta;
}

/**
 * A new booking with all its effects in ONE autocommitted statement (data-modifying CTEs): the
 * deal update guarded by the version the decision read (or, when the deal does not move, a version
 * check holding a share lock), the booking insert, its timeline and outbox rows. Every insert
 * hangs off the deal gate, so a moved deal writes nothing and answers CRM_CONCURRENT_MODIFICATION.
 * The partial unique indexes stay the real guards under concurrency:
 * ux_bookings_active_property_object (INV-BKG-001) and ux_bookings_active_deal.
 */
export async function insertBookingWithEffects(
  db: Db | Tx,
  w: CreatedBookingWrite,
  clock: Clock,
): Promise<void> {
  const b = w.booking;
  const now = clock.now();
  const dealGate = w.nextDeal
    ? dealVersionedUpdate(w.dealVersion, w.nextDeal, now)
    : Prisma.sql`SELECT id FROM crm.deals WHERE id = ${w.dealId}::uuid AND version = ${w.dealVersion} FOR SHARE`;
  const inserted = Prisma.sql`EXISTS (SELECT 1 FROM inserted)`;
  const outbox = outboxInsert(
    w.events.map((event) => outgoing(event, w.meta)),
    clock,
    inserted,
  );
  try {
    const [row] = await db.$queryRaw<Array<{ n: number }>>`
      WITH deal_gate AS (${dealGate}),
      inserted AS (
        INSERT INTO crm.bookings (id, deal_id, property_object_id, tenant_id, status, initiated_by,
                                  initiated_by_user_id, reserve_duration_minutes, booking_duration_hours, is_paid,
                                  reserve_expires_at, booking_expires_at, payment_status, contract_file_id,
                                  receipt_file_id, requisite_set_id, cancel_reason, created_at, confirmed_at,
                                  ended_at, updated_at, version)
        SELECT ${b.id}::uuid, ${b.dealId}::uuid, ${b.propertyObjectId}::uuid, ${b.tenantId}::uuid, ${b.status}::text,
               ${b.initiatedBy}::text, ${b.initiatedByUserId}::text, ${b.terms.reserveDurationMinutes}::int,
               ${b.terms.bookingDurationHours}::int, ${b.terms.isPaid}::boolean, ${b.reserveExpiresAt}::timestamptz,
               ${b.bookingExpiresAt}::timestamptz, ${b.paymentStatus}::text, ${b.contractFileId}::text,
               ${b.receiptFileId}::text, ${b.requisiteSetId}::text, ${b.cancelReason}::text, ${b.createdAt}::timestamptz,
               ${b.confirmedAt}::timestamptz, ${b.endedAt}::timestamptz, ${b.createdAt}::timestamptz, ${b.version}::int
          FROM deal_gate
        RETURNING id),
      timeline AS (${timelineInsert(w.timeline, inserted)}),
      outbox AS (${outbox.sql})
      SELECT count(*)::int AS n FROM inserted`;
    if (!row || row.n === 0) throw crmErrors.concurrent("Deal", w.dealId);
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
  const count = await tx.$executeRaw(dealVersionedUpdate(previousVersion, next, now));
  if (count === 0) throw crmErrors.concurrent("Deal", next.id);
}

/** The version-guarded deal UPDATE (RETURNING id), also used as the gate of `insertBookingWithEffects`. */
function dealVersionedUpdate(previousVersion: number, next: Deal, now: Date): Prisma.Sql {
  return Prisma.sql`
    UPDATE crm.deals
       SET tenant_id = ${next.tenantId}::uuid, status = ${next.status}, cancel_reason = ${next.cancelReason},
           updated_at = ${now}, version = ${next.version}
     WHERE id = ${next.id}::uuid AND version = ${previousVersion}
    RETURNING id`;
}

/**
 * One statement for any number of timeline rows. Raw SQL on purpose: Prisma's createMany spent
 * ~0.5 s per 1,000 rows in the expiration worker's batches (docs/benchmarks.md, CRM).
 */
export async function insertTimeline(tx: Tx, entries: readonly TimelineDraft[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.$executeRaw(timelineInsert(entries));
}

/** The timeline INSERT as a fragment; rows are written only when `onlyIf` holds (see `outboxInsert`). */
function timelineInsert(
  entries: readonly TimelineDraft[],
  onlyIf: Prisma.Sql = Prisma.sql`true`,
): Prisma.Sql {
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
  return Prisma.sql`
    INSERT INTO crm.timeline_entries (deal_id, booking_id, entity, action, from_status, to_status, actor_user_id,
                                      reason, at)
    SELECT v.deal_id, v.booking_id, v.entity, v.action, v.from_status, v.to_status, v.actor_user_id, v.reason, v.at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(ord int, deal_id uuid, booking_id uuid, entity text, action text, from_status text, to_status text,
             actor_user_id text, reason text, at timestamptz)
     WHERE ${onlyIf}
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
    occurredAt: crmEventOccurredAt(event),
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
