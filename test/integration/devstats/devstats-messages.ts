import { randomUUID } from "node:crypto";
import type { PropertyObjectUpsertedEvent } from "../../../src/contracts/chessboard-events.js";
import { RUB_CURRENCY } from "../../../src/contracts/chessboard-events.js";
import type { BookingCreatedV1 } from "../../../src/contracts/crm-booking-events.js";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { contractVersionOf, eventTypeOf, TOPIC } from "../../../src/platform/events/topics.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";

/** The devstats tests' messages: a property object's path, its upsert, its booking and its deal, as wire messages. */

let offset = 0;
function message(
  topic: string,
  key: string,
  payload: unknown,
  messageId: string,
  aggregateType: string,
): InboundMessage {
  offset += 1;
  return {
    topic,
    partition: 0,
    offset: String(offset),
    key,
    value: JSON.stringify(payload),
    headers: {
      [HEADER.messageId]: messageId,
      [HEADER.eventType]: eventTypeOf(topic),
      [HEADER.contractVersion]: String(contractVersionOf(topic)),
      [HEADER.aggregateId]: key,
      [HEADER.aggregateType]: aggregateType,
      [HEADER.createdAt]: new Date().toISOString(),
      [HEADER.correlationId]: messageId,
    },
  };
}

export interface ObjectPath {
  developerId: string;
  projectId: string;
  buildingId: string;
  layoutGroupId: string | null;
  layoutId: string | null;
  propertyObjectId: string;
}

export function newObject(developerId: string): ObjectPath {
  return {
    developerId,
    projectId: randomUUID(),
    buildingId: randomUUID(),
    layoutGroupId: randomUUID(),
    layoutId: randomUUID(),
    propertyObjectId: randomUUID(),
  };
}

export function upsertedPayload(
  o: ObjectPath,
  updatedAt: string,
  version: number,
): PropertyObjectUpsertedEvent {
  return {
    Id: o.propertyObjectId,
    TenantId: o.developerId,
    ProjectId: o.projectId,
    BuildingId: o.buildingId,
    LayoutId: o.layoutId,
    LayoutGroupId: o.layoutGroupId,
    Status: "Free",
    Number: "12",
    Floor: 3,
    Section: 1,
    Rooms: 2,
    TotalArea: "54.30",
    LivingArea: null,
    Price: "12500000.00",
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: "230202.58",
    WindowViews: { Views: ["Sea"] },
    Capacity: null,
    PropertyType: "Apartment",
    UpdatedAt: updatedAt,
    Version: version,
  };
}

export function upsertedMessage(o: ObjectPath, updatedAt: string, version = 1, messageId = randomUUID()) {
  return message(
    TOPIC.propertyObjectUpserted,
    o.propertyObjectId,
    upsertedPayload(o, updatedAt, version),
    messageId,
    "PropertyObject",
  );
}

export function bookingPayload(
  o: ObjectPath,
  createdAt: string,
  over: Partial<BookingCreatedV1> = {},
): BookingCreatedV1 {
  return {
    BookingId: randomUUID(),
    DealId: randomUUID(),
    PropertyObjectId: o.propertyObjectId,
    TenantId: o.developerId,
    Version: 1,
    Status: "Reserved",
    CreatedAt: createdAt,
    InitiatedBy: "Agent",
    InitiatedByUserId: randomUUID(),
    ProgramTerms: { ReserveDurationMinutes: 60, BookingDurationHours: 24, IsPaid: false },
    ReserveExpiresAt: new Date(Date.parse(createdAt) + 3_600_000).toISOString(),
    DealAgentUserId: null,
    DealInvestorUserId: null,
    ...over,
  };
}

export function bookingMessage(payload: unknown, messageId = randomUUID()): InboundMessage {
  const key = (payload as { BookingId?: string }).BookingId ?? randomUUID();
  return message(TOPIC.bookingCreated, key, payload, messageId, "Booking");
}

/**
 * A deal-sale-started payload as its contract (schema/events/pin.crm.deal-sale-started.v1) lists
 * the fields; the Deals stage reads DealId, PropertyObjectId, TenantId and SoldAt only.
 */
export function dealPayload(
  o: ObjectPath,
  soldAt: string,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    BookingId: randomUUID(),
    DealId: randomUUID(),
    PropertyObjectId: o.propertyObjectId,
    TenantId: o.developerId,
    Version: 3,
    Status: "Completed",
    SoldAt: soldAt,
    StartedByUserId: randomUUID(),
    ...over,
  };
}

/** deal-sale-started is keyed by DealId (the aggregate is the deal). */
export function dealMessage(payload: unknown, messageId = randomUUID()): InboundMessage {
  const key = (payload as { DealId?: string }).DealId ?? randomUUID();
  return message(TOPIC.dealSaleStarted, key, payload, messageId, "Deal");
}
