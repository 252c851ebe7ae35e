import {
  CHESSBOARD_AGGREGATE,
  type PriceChangeSource,
  type PropertyObjectPriceChangedEvent,
  type PropertyObjectStatus,
  type PropertyObjectStatusChangedEvent,
  type PropertyObjectUpsertedEvent,
  type PropertyType,
  RUB_CURRENCY,
  type StatusSource,
  type WindowViewKind,
} from "../../../contracts/chessboard-events.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { enqueue, type OutgoingEvent } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";
import { publishedStatus } from "../status/property-object-status.js";
import type { PropertyObjectRow } from "./property-object.row.js";

const MONEY_SCALE = 2;

/** round(price / area, 2) as a decimal string; 0 when the area is unknown. */
export function pricePerMeter(price: { toString(): string }, area: { toString(): string }): string {
  const p = Number(price.toString());
  const a = Number(area.toString());
  if (!(a > 0)) return (0).toFixed(MONEY_SCALE);
  return (Math.round((p / a) * 100) / 100).toFixed(MONEY_SCALE);
}

const money = (value: { toString(): string }) => Number(value.toString()).toFixed(MONEY_SCALE);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The building's status as the published object statuses see it (ASM-1); an unknown building: as is. */
export async function buildingStatusOf(tx: Tx, buildingId: string): Promise<string> {
  const building = await tx.chessboardBuilding.findUnique({
    where: { id: buildingId },
    select: { status: true },
  });
  return building?.status ?? "Published";
}

/** Building statuses before and after the change an event reports (they differ only for a building's own transition). */
export interface BuildingStatuses {
  readonly before: string;
  readonly after: string;
}

export function propertyObjectUpsertedPayload(
  row: PropertyObjectRow,
  buildingStatus = "Published",
): PropertyObjectUpsertedEvent {
  return {
    Id: row.id,
    TenantId: row.tenantId,
    ProjectId: row.projectId,
    BuildingId: row.buildingId,
    LayoutId: row.layoutId,
    LayoutGroupId: row.layoutGroupId,
    Status: publishedStatus(row.status as PropertyObjectStatus, buildingStatus),
    Number: row.number,
    Floor: row.floor,
    Section: row.section,
    Rooms: row.rooms,
    TotalArea: money(row.totalArea),
    LivingArea: row.livingArea === null ? null : money(row.livingArea),
    Price: money(row.price),
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: pricePerMeter(row.price, row.totalArea),
    WindowViews: { Views: row.windowViews as WindowViewKind[] },
    Capacity: row.capacity,
    PropertyType: row.propertyType as PropertyType,
    UpdatedAt: row.updatedAt.toISOString(),
    Version: row.version,
  };
}

export function statusChangedPayload(
  before: PropertyObjectRow,
  after: PropertyObjectRow,
  source: StatusSource,
  building: BuildingStatuses = { before: "Published", after: "Published" },
): PropertyObjectStatusChangedEvent {
  return {
    PropertyObjectId: after.id,
    TenantId: after.tenantId,
    ProjectId: after.projectId,
    BuildingId: after.buildingId,
    FromStatus: publishedStatus(before.status as PropertyObjectStatus, building.before),
    ToStatus: publishedStatus(after.status as PropertyObjectStatus, building.after),
    StatusSource: source,
    HoldDealId: after.holdDealId,
    HoldBookingId: after.holdBookingId,
    ReservedUntil: iso(after.reservedUntil),
    BookedUntil: iso(after.bookedUntil),
    SoldAt: iso(after.soldAt),
    StatusChangedAt: after.statusChangedAt.toISOString(),
    Version: after.version,
  };
}

export function priceChangedPayload(
  before: PropertyObjectRow,
  after: PropertyObjectRow,
  source: PriceChangeSource,
): PropertyObjectPriceChangedEvent {
  return {
    PropertyObjectId: after.id,
    TenantId: after.tenantId,
    ProjectId: after.projectId,
    BuildingId: after.buildingId,
    OldPrice: money(before.price),
    NewPrice: money(after.price),
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: pricePerMeter(after.price, after.totalArea),
    ChangedAt: after.updatedAt.toISOString(),
    Source: source,
    Version: after.version,
  };
}

export interface EventCause {
  readonly correlationId?: string;
  readonly causationId?: string | null;
}

/** The event happened when the row changed (its updatedAt), not when the outbox row is written. */
const base = (row: PropertyObjectRow) => ({
  key: row.id,
  aggregateType: CHESSBOARD_AGGREGATE.propertyObject,
  occurredAt: row.updatedAt,
});

/**
 * property-object-status-changed with the published statuses (ASM-1). The building's statuses are
 * read in the transaction unless the caller knows them (a building's own transition passes both).
 */
export async function enqueueStatusChanged(
  tx: Tx,
  clock: Clock,
  before: PropertyObjectRow,
  after: PropertyObjectRow,
  source: StatusSource,
  cause: EventCause = {},
  building?: BuildingStatuses,
) {
  let statuses = building;
  if (!statuses) {
    const status = await buildingStatusOf(tx, after.buildingId);
    statuses = { before: status, after: status };
  }
  return enqueue(tx, statusChangedEvent(before, after, source, statuses, cause), clock);
}

/** The status-changed outbox event of a change whose building statuses are known. */
export function statusChangedEvent(
  before: PropertyObjectRow,
  after: PropertyObjectRow,
  source: StatusSource,
  building: BuildingStatuses,
  cause: EventCause = {},
): OutgoingEvent<PropertyObjectStatusChangedEvent> {
  const payload = statusChangedPayload(before, after, source, building);
  return { topic: TOPIC.propertyObjectStatusChanged, ...base(after), payload, ...cause };
}

export function enqueuePriceChanged(
  tx: Tx,
  clock: Clock,
  before: PropertyObjectRow,
  after: PropertyObjectRow,
  source: PriceChangeSource,
  cause: EventCause = {},
) {
  const payload = priceChangedPayload(before, after, source);
  return enqueue(tx, { topic: TOPIC.propertyObjectPriceChanged, ...base(after), payload, ...cause }, clock);
}

export function enqueuePropertyObjectUpserted(
  tx: Tx,
  clock: Clock,
  row: PropertyObjectRow,
  buildingStatus: string,
  cause: EventCause = {},
) {
  const payload = propertyObjectUpsertedPayload(row, buildingStatus);
  return enqueue(tx, { topic: TOPIC.propertyObjectUpserted, ...base(row), payload, ...cause }, clock);
}
