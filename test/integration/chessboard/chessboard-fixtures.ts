import { randomUUID } from "node:crypto";
import type {
  BookingCancelledV1,
  BookingConfirmedV1,
  BookingCreatedV1,
  BookingExpiredV1,
  BookingExtendedV1,
  BookingPaidV1,
  CrmEventByTopic,
  DealSaleStartedV1,
} from "../../../src/contracts/crm-booking-events.js";
import { createChessboardStructure } from "../../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import type { Viewer } from "../../../src/platform/auth/viewer.js";
import type { Clock } from "../../../src/platform/clock/clock.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { contractVersionOf, eventTypeOf, TOPIC } from "../../../src/platform/events/topics.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { testApartment, testBuilding, testProject } from "../../support/chessboard-structure.js";

export const ADMIN: Viewer = { userId: DEMO_USERS.admin.userId, roles: ["admin"], tenantId: null };

export interface Structure {
  developerId: string;
  projectId: string;
  buildingId: string;
  objectIds: string[];
}

/** A developer, one project, one building (2 sections × 3 floors) and `objects` apartments. */
export async function createStructure(db: Db, clock: Clock, objects = 2): Promise<Structure> {
  const structure = createChessboardStructure({ db, clock });
  const developerId = randomUUID();
  await structure.upsertDeveloper(ADMIN, { id: developerId, name: "Test Developer" });
  const project = await structure.createProject(
    ADMIN,
    testProject(developerId, {
      name: "Sunrise",
      class: "Comfort",
      region: { id: 77, name: "Moscow" },
      city: { id: 1, name: "Moscow" },
      addressLine: "Tverskaya 1",
    }),
  );
  const building = await structure.createBuilding(
    ADMIN,
    testBuilding(project.id, {
      name: "Building 1",
      floorsTotal: 3,
      sectionsCount: 2,
      deliveryYear: null,
      deliveryQuarter: null,
    }),
  );
  const objectIds: string[] = [];
  for (let i = 0; i < objects; i++) {
    const row = await structure.createPropertyObject(
      ADMIN,
      testApartment(building.id, {
        number: String(101 + i),
        floor: 1 + (i % 3),
        section: 1 + (i % 2),
        rooms: 1 + (i % 3),
        totalArea: "50.00",
        price: "10000000.00",
      }),
    );
    objectIds.push(row.id);
  }
  return { developerId, projectId: project.id, buildingId: building.id, objectIds };
}

export interface BookingRef {
  bookingId: string;
  dealId: string;
  propertyObjectId: string;
  tenantId: string;
}

export function newBooking(structure: Structure, objectIndex = 0): BookingRef {
  return {
    bookingId: randomUUID(),
    dealId: randomUUID(),
    propertyObjectId: structure.objectIds[objectIndex]!,
    tenantId: structure.developerId,
  };
}

const ids = (b: BookingRef) => ({
  BookingId: b.bookingId,
  DealId: b.dealId,
  PropertyObjectId: b.propertyObjectId,
  TenantId: b.tenantId,
});
const USER = DEMO_USERS.agent.userId;

/** crm payloads as crm publishes them (schema/events/pin.crm.*). */
export const crm = {
  created: (b: BookingRef, at: Date, reserveMinutes = 60): BookingCreatedV1 => ({
    ...ids(b),
    Version: 1,
    Status: "Reserved",
    CreatedAt: at.toISOString(),
    InitiatedBy: "Agent",
    InitiatedByUserId: USER,
    ProgramTerms: { ReserveDurationMinutes: reserveMinutes, BookingDurationHours: 24, IsPaid: false },
    ReserveExpiresAt: new Date(at.getTime() + reserveMinutes * 60_000).toISOString(),
    DealAgentUserId: USER,
    DealInvestorUserId: null,
  }),
  confirmed: (b: BookingRef, version: number, at: Date, bookedUntil: Date): BookingConfirmedV1 => ({
    ...ids(b),
    Version: version,
    Status: "Booked",
    ConfirmedAt: at.toISOString(),
    BookingExpiresAt: bookedUntil.toISOString(),
    IsPaid: false,
    ConfirmedByUserId: USER,
  }),
  extended: (b: BookingRef, version: number, at: Date, from: Date, to: Date): BookingExtendedV1 => ({
    ...ids(b),
    Version: version,
    Status: "Booked",
    PreviousBookingExpiresAt: from.toISOString(),
    BookingExpiresAt: to.toISOString(),
    ExtendedAt: at.toISOString(),
    ExtendedByUserId: USER,
  }),
  expired: (b: BookingRef, version: number, at: Date, phase: "Reserve" | "Booking"): BookingExpiredV1 => ({
    ...ids(b),
    Version: version,
    Status: phase === "Reserve" ? "ReserveExpired" : "BookingExpired",
    Phase: phase,
    FromStatus: phase === "Reserve" ? "Reserved" : "Booked",
    ExpiresAt: at.toISOString(),
    ExpiredAt: at.toISOString(),
  }),
  cancelled: (b: BookingRef, version: number, at: Date): BookingCancelledV1 => ({
    ...ids(b),
    Version: version,
    Status: "Cancelled",
    FromStatus: "Reserved",
    Reason: "client changed their mind",
    Cause: "BookingCancelled",
    CancelledAt: at.toISOString(),
    CancelledByUserId: USER,
  }),
  /** booking-paid, confirmed by a developer manager ("dm-1") */
  paid: (b: BookingRef, version: number, at: Date): BookingPaidV1 => ({
    ...ids(b),
    Version: version,
    Status: "Booked",
    PaidAt: at.toISOString(),
    ReceiptFileId: "receipt-1",
    ConfirmedByUserId: "dm-1",
  }),
  saleStarted: (b: BookingRef, version: number, at: Date): DealSaleStartedV1 => ({
    ...ids(b),
    Version: version,
    Status: "Completed",
    SoldAt: at.toISOString(),
    StartedByUserId: USER,
  }),
};

let offset = 0;

/** A crm event on the wire, as a transport hands it to the consumer runtime. */
export function wireMessage<T extends keyof CrmEventByTopic>(
  topic: T,
  payload: CrmEventByTopic[T],
  messageId: string = randomUUID(),
): InboundMessage {
  const key = topic === TOPIC.dealSaleStarted ? payload.DealId : payload.BookingId;
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
      [HEADER.aggregateType]: topic === TOPIC.dealSaleStarted ? "Deal" : "Booking",
      [HEADER.createdAt]: new Date().toISOString(),
      [HEADER.correlationId]: messageId,
    },
  };
}
