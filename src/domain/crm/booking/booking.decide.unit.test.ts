import { describe, expect, it } from "vitest";
import { DomainError } from "../../../platform/errors/domain-error.js";
import { TOPIC } from "../../../platform/events/topics.js";
import type { Deal } from "../deal/deal.types.js";
import { type BookingCommand, decideBooking, dueAt } from "./booking.decide.js";
import { BOOKING_STATUSES, type Booking, type BookingStatus } from "./booking.types.js";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const MIN = 60_000;
const HOUR = 60 * MIN;
const TENANT = "11111111-1111-4111-8111-111111111111";
const OTHER_TENANT = "22222222-2222-4222-8222-222222222222";
const PO = "33333333-3333-4333-8333-333333333333";
const DEAL = "44444444-4444-4444-8444-444444444444";
const BOOKING = "55555555-5555-4555-8555-555555555555";
const USER = "user-1";

const deal = (over: Partial<Deal> = {}): Deal => ({
  id: DEAL,
  tenantId: TENANT,
  status: "Application",
  agentUserId: USER,
  investorUserId: null,
  createdByUserId: USER,
  title: "d",
  cancelReason: null,
  createdAt: T0,
  version: 1,
  ...over,
});

const create = (over: Partial<Extract<BookingCommand, { type: "CreateBooking" }>> = {}): BookingCommand => ({
  type: "CreateBooking",
  bookingId: BOOKING,
  deal: deal(),
  propertyObject: { id: PO, tenantId: TENANT, status: "Free", version: 3 },
  terms: { reserveDurationMinutes: 60, bookingDurationHours: 72, isPaid: false },
  initiatedBy: "Agent",
  actorUserId: USER,
  requisiteSetId: null,
  ...over,
});

function booking(status: BookingStatus, over: Partial<Booking> = {}): Booking {
  const created = decideBooking(null, create(), T0).next;
  return {
    ...created,
    status,
    bookingExpiresAt:
      status === "Booked" || status === "Completed" || status === "BookingExpired"
        ? new Date(T0.getTime() + 72 * HOUR)
        : null,
    paymentStatus: status === "AwaitingPayment" ? "Uploaded" : "None",
    receiptFileId: status === "AwaitingPayment" ? "receipt-1" : null,
    terms: { ...created.terms, isPaid: status === "AwaitingPayment" },
    version: 4,
    ...over,
  };
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return "ok";
}

const within = new Date(T0.getTime() + 30 * MIN);
const afterReserve = new Date(T0.getTime() + 61 * MIN);

describe("CreateBooking", () => {
  it("creates a Reserved booking with ReserveExpiresAt = now + ReserveDurationMinutes and booking-created", () => {
    const d = decideBooking(null, create(), T0);
    expect(d.next.status).toBe("Reserved");
    expect(d.next.version).toBe(1);
    expect(d.next.reserveExpiresAt.toISOString()).toBe("2026-03-01T11:00:00.000Z");
    expect(d.dealEffect).toBe("bookingStarted");
    expect(d.events).toHaveLength(1);
    expect(d.events[0]).toMatchObject({
      topic: TOPIC.bookingCreated,
      payload: {
        BookingId: BOOKING,
        DealId: DEAL,
        PropertyObjectId: PO,
        TenantId: TENANT,
        Version: 1,
        InitiatedBy: "Agent",
        ProgramTerms: { ReserveDurationMinutes: 60, BookingDurationHours: 72, IsPaid: false },
        ReserveExpiresAt: "2026-03-01T11:00:00.000Z",
        CreatedAt: T0.toISOString(),
      },
    });
    expect(d.timeline[0]).toMatchObject({
      entity: "Booking",
      fromStatus: null,
      toStatus: "Reserved",
      actorUserId: USER,
    });
  });

  it("INV-BKG-2: a deal in Booking may book too", () => {
    expect(codeOf(() => decideBooking(null, create({ deal: deal({ status: "Booking" }) }), T0))).toBe("ok");
  });

  it("INV-BKG-2: refuses a Draft deal (CRM_DEAL_NOT_ENGAGED)", () => {
    expect(
      codeOf(() => decideBooking(null, create({ deal: deal({ status: "Draft", tenantId: null }) }), T0)),
    ).toBe("CRM_DEAL_NOT_ENGAGED");
  });

  it.each(["Sale", "Cancelled"] as const)(
    "createBooking on a %s deal answers CRM_DEAL_NOT_ACTIVE (the deal is over)",
    (status) => {
      expect(codeOf(() => decideBooking(null, create({ deal: deal({ status }) }), T0))).toBe(
        "CRM_DEAL_NOT_ACTIVE",
      );
    },
  );

  it("refuses an unknown property object", () => {
    expect(codeOf(() => decideBooking(null, create({ propertyObject: null }), T0))).toBe(
      "CRM_PROPERTY_OBJECT_UNKNOWN",
    );
  });

  it.each(["Reserved", "Booked", "Sold", "Hidden"])("refuses a property object in %s", (status) => {
    const propertyObject = { id: PO, tenantId: TENANT, status, version: 1 };
    expect(codeOf(() => decideBooking(null, create({ propertyObject }), T0))).toBe(
      "CRM_PROPERTY_OBJECT_NOT_FREE",
    );
  });

  it.each(["Cancelled", "ReserveExpired", "BookingExpired"] as const)(
    "a replica still held by crm's own %s booking is bookable (decision 0052)",
    (holdBookingStatus) => {
      for (const status of ["Reserved", "Booked"]) {
        const propertyObject = { id: PO, tenantId: TENANT, status, version: 2, holdBookingStatus };
        expect(codeOf(() => decideBooking(null, create({ propertyObject }), T0))).toBe("ok");
      }
    },
  );

  it.each(["Reserved", "AwaitingPayment", "Booked", "Completed"] as const)(
    "a replica held by crm's %s booking stays CRM_PROPERTY_OBJECT_NOT_FREE",
    (holdBookingStatus) => {
      const propertyObject = { id: PO, tenantId: TENANT, status: "Reserved", version: 2, holdBookingStatus };
      expect(codeOf(() => decideBooking(null, create({ propertyObject }), T0))).toBe(
        "CRM_PROPERTY_OBJECT_NOT_FREE",
      );
    },
  );

  it("a Sold or Hidden replica is never bookable, whatever its last holder", () => {
    for (const status of ["Sold", "Hidden"]) {
      const propertyObject = {
        id: PO,
        tenantId: TENANT,
        status,
        version: 2,
        holdBookingStatus: "Cancelled" as const,
      };
      expect(codeOf(() => decideBooking(null, create({ propertyObject }), T0))).toBe(
        "CRM_PROPERTY_OBJECT_NOT_FREE",
      );
    }
  });

  it("refuses a property object of another developer than the deal's", () => {
    const propertyObject = { id: PO, tenantId: OTHER_TENANT, status: "Free", version: 1 };
    expect(codeOf(() => decideBooking(null, create({ propertyObject }), T0))).toBe(
      "CRM_PROPERTY_OBJECT_OTHER_DEVELOPER",
    );
  });
});

/** Expected outcome of every command in every status ("ok" or the error code). */
type Matrix = Record<BookingStatus, string>;
const TERMINAL = {
  Completed: "CRM_BOOKING_NOT_ACTIVE",
  ReserveExpired: "CRM_BOOKING_NOT_ACTIVE",
  BookingExpired: "CRM_BOOKING_NOT_ACTIVE",
  Cancelled: "CRM_BOOKING_NOT_ACTIVE",
} as const;

const cases: Array<{ name: string; command: BookingCommand; paid: boolean; matrix: Matrix; at?: Date }> = [
  {
    name: "UploadContract (paid)",
    command: { type: "UploadContract", contractFileId: "contract-1", actorUserId: USER },
    paid: true,
    matrix: {
      Reserved: "ok",
      AwaitingPayment: "CRM_BOOKING_NOT_RESERVED",
      Booked: "CRM_BOOKING_NOT_RESERVED",
      ...TERMINAL,
    },
  },
  {
    name: "UploadReceipt",
    command: { type: "UploadReceipt", receiptFileId: "receipt-2", actorUserId: USER },
    paid: true,
    matrix: {
      Reserved: "CRM_BOOKING_NOT_AWAITING_PAYMENT",
      AwaitingPayment: "ok",
      Booked: "CRM_BOOKING_NOT_AWAITING_PAYMENT",
      ...TERMINAL,
    },
  },
  {
    name: "ConfirmBooking (free)",
    command: { type: "ConfirmBooking", actorUserId: USER },
    paid: false,
    matrix: {
      Reserved: "ok",
      AwaitingPayment: "CRM_BOOKING_NOT_RESERVED",
      Booked: "CRM_BOOKING_NOT_RESERVED",
      ...TERMINAL,
    },
  },
  {
    name: "ConfirmPayment",
    command: { type: "ConfirmPayment", actorUserId: USER },
    paid: true,
    matrix: {
      Reserved: "CRM_BOOKING_NOT_AWAITING_PAYMENT",
      AwaitingPayment: "ok",
      Booked: "CRM_BOOKING_NOT_AWAITING_PAYMENT",
      ...TERMINAL,
    },
  },
  {
    name: "ExtendBooking",
    command: { type: "ExtendBooking", actorUserId: USER },
    paid: false,
    matrix: {
      Reserved: "CRM_BOOKING_NOT_BOOKED",
      AwaitingPayment: "CRM_BOOKING_NOT_BOOKED",
      Booked: "ok",
      ...TERMINAL,
    },
  },
  {
    name: "StartSale",
    command: { type: "StartSale", actorUserId: USER },
    paid: false,
    matrix: {
      Reserved: "CRM_BOOKING_NOT_BOOKED",
      AwaitingPayment: "CRM_BOOKING_NOT_BOOKED",
      Booked: "ok",
      ...TERMINAL,
    },
  },
  {
    name: "CancelBooking",
    command: {
      type: "CancelBooking",
      reason: "client changed mind",
      cause: "BookingCancelled",
      actorUserId: USER,
    },
    paid: false,
    matrix: { Reserved: "ok", AwaitingPayment: "ok", Booked: "ok", ...TERMINAL },
  },
  {
    name: "ExpireBooking before the deadline",
    command: { type: "ExpireBooking" },
    paid: false,
    matrix: {
      Reserved: "CRM_BOOKING_NOT_DUE",
      AwaitingPayment: "CRM_BOOKING_NOT_DUE",
      Booked: "CRM_BOOKING_NOT_DUE",
      ...TERMINAL,
    },
  },
  {
    name: "ExpireBooking after every deadline",
    command: { type: "ExpireBooking" },
    paid: false,
    at: new Date(T0.getTime() + 100 * HOUR),
    matrix: { Reserved: "ok", AwaitingPayment: "ok", Booked: "ok", ...TERMINAL },
  },
];

describe.each(cases)("$name in every status", ({ command, paid, matrix, at }) => {
  it.each(BOOKING_STATUSES.map((s) => [s, matrix[s]] as const))("%s → %s", (status, expected) => {
    const state = booking(status, {
      terms: { reserveDurationMinutes: 60, bookingDurationHours: 72, isPaid: paid },
    });
    const code = codeOf(() => decideBooking(state, command, at ?? within));
    expect(code).toBe(expected);
  });
});

describe("transitions and their events", () => {
  it("free branch: ConfirmBooking → Booked, BookingExpiresAt = now + hours, booking-confirmed", () => {
    const d = decideBooking(booking("Reserved"), { type: "ConfirmBooking", actorUserId: USER }, within);
    expect(d.next).toMatchObject({ status: "Booked", version: 5, confirmedAt: within });
    expect(d.next.bookingExpiresAt?.getTime()).toBe(within.getTime() + 72 * HOUR);
    expect(d.events.map((e) => e.topic)).toEqual([TOPIC.bookingConfirmed]);
    expect(d.events[0]?.payload).toMatchObject({ Version: 5, IsPaid: false, Status: "Booked" });
  });

  it("INV-BKG-3: ConfirmBooking after ReserveExpiresAt → CRM_BOOKING_RESERVE_EXPIRED; exactly at it → ok", () => {
    const state = booking("Reserved");
    expect(
      codeOf(() => decideBooking(state, { type: "ConfirmBooking", actorUserId: USER }, afterReserve)),
    ).toBe("CRM_BOOKING_RESERVE_EXPIRED");
    expect(
      codeOf(() =>
        decideBooking(state, { type: "ConfirmBooking", actorUserId: USER }, state.reserveExpiresAt),
      ),
    ).toBe("ok");
  });

  it("ConfirmBooking on a paid programme → CRM_BOOKING_PROGRAM_PAID", () => {
    const state = booking("Reserved", {
      terms: { reserveDurationMinutes: 60, bookingDurationHours: 72, isPaid: true },
    });
    expect(codeOf(() => decideBooking(state, { type: "ConfirmBooking", actorUserId: USER }, within))).toBe(
      "CRM_BOOKING_PROGRAM_PAID",
    );
  });

  it("UploadContract on a free programme → CRM_BOOKING_PROGRAM_NOT_PAID", () => {
    expect(
      codeOf(() =>
        decideBooking(
          booking("Reserved"),
          { type: "UploadContract", contractFileId: "c", actorUserId: USER },
          within,
        ),
      ),
    ).toBe("CRM_BOOKING_PROGRAM_NOT_PAID");
  });

  it("paid branch: contract → AwaitingPayment (no event), receipt → Uploaded (no event), payment → Paid + booking-paid and booking-confirmed", () => {
    const paid = booking("Reserved", {
      terms: { reserveDurationMinutes: 60, bookingDurationHours: 72, isPaid: true },
    });
    const c = decideBooking(
      paid,
      { type: "UploadContract", contractFileId: "contract-1", actorUserId: USER },
      within,
    );
    expect(c.next).toMatchObject({
      status: "AwaitingPayment",
      contractFileId: "contract-1",
      paymentStatus: "None",
    });
    expect(c.events).toEqual([]);
    expect(c.timeline[0]).toMatchObject({ fromStatus: "Reserved", toStatus: "AwaitingPayment" });
    const r = decideBooking(
      c.next,
      { type: "UploadReceipt", receiptFileId: "receipt-1", actorUserId: USER },
      within,
    );
    expect(r.next).toMatchObject({ status: "AwaitingPayment", paymentStatus: "Uploaded" });
    expect(r.events).toEqual([]);
    const p = decideBooking(r.next, { type: "ConfirmPayment", actorUserId: USER }, within);
    expect(p.next).toMatchObject({ status: "Booked", paymentStatus: "Paid" });
    expect(p.events.map((e) => e.topic)).toEqual([TOPIC.bookingPaid, TOPIC.bookingConfirmed]);
    expect(p.events.map((e) => e.payload.Version)).toEqual([p.next.version, p.next.version]);
  });

  it("INV-BKG-4: ConfirmPayment without a receipt → CRM_BOOKING_RECEIPT_MISSING", () => {
    const state = booking("AwaitingPayment", { paymentStatus: "None", receiptFileId: null });
    expect(codeOf(() => decideBooking(state, { type: "ConfirmPayment", actorUserId: USER }, within))).toBe(
      "CRM_BOOKING_RECEIPT_MISSING",
    );
  });

  it("AwaitingPayment keeps ReserveExpiresAt: ConfirmPayment after it → CRM_BOOKING_RESERVE_EXPIRED", () => {
    expect(
      codeOf(() =>
        decideBooking(
          booking("AwaitingPayment"),
          { type: "ConfirmPayment", actorUserId: USER },
          afterReserve,
        ),
      ),
    ).toBe("CRM_BOOKING_RESERVE_EXPIRED");
    expect(
      codeOf(() =>
        decideBooking(
          booking("AwaitingPayment"),
          { type: "UploadReceipt", receiptFileId: "r", actorUserId: USER },
          afterReserve,
        ),
      ),
    ).toBe("CRM_BOOKING_RESERVE_EXPIRED");
  });

  it("INV-BKG-6: ExtendBooking adds BookingDurationHours to BookingExpiresAt and publishes booking-extended", () => {
    const state = booking("Booked");
    const d = decideBooking(state, { type: "ExtendBooking", actorUserId: USER }, within);
    expect(d.next.bookingExpiresAt?.getTime()).toBe((state.bookingExpiresAt?.getTime() ?? 0) + 72 * HOUR);
    expect(d.events[0]).toMatchObject({
      topic: TOPIC.bookingExtended,
      payload: { PreviousBookingExpiresAt: state.bookingExpiresAt?.toISOString() },
    });
  });

  it("ExtendBooking and StartSale after BookingExpiresAt → CRM_BOOKING_BOOKING_EXPIRED", () => {
    const late = new Date(T0.getTime() + 73 * HOUR);
    expect(
      codeOf(() => decideBooking(booking("Booked"), { type: "ExtendBooking", actorUserId: USER }, late)),
    ).toBe("CRM_BOOKING_BOOKING_EXPIRED");
    expect(
      codeOf(() => decideBooking(booking("Booked"), { type: "StartSale", actorUserId: USER }, late)),
    ).toBe("CRM_BOOKING_BOOKING_EXPIRED");
  });

  it("INV-BKG-7: StartSale → Completed, deal effect saleStarted, deal-sale-started", () => {
    const d = decideBooking(booking("Booked"), { type: "StartSale", actorUserId: USER }, within);
    expect(d.next.status).toBe("Completed");
    expect(d.dealEffect).toBe("saleStarted");
    expect(d.events[0]).toMatchObject({
      topic: TOPIC.dealSaleStarted,
      payload: { DealId: DEAL, SoldAt: within.toISOString() },
    });
  });

  it.each(["Reserved", "AwaitingPayment"] as const)(
    "INV-BKG-5: %s past ReserveExpiresAt expires with Phase Reserve",
    (status) => {
      const d = decideBooking(booking(status), { type: "ExpireBooking" }, afterReserve);
      expect(d.next.status).toBe("ReserveExpired");
      expect(d.dealEffect).toBe("bookingEndedWithoutSale");
      expect(d.events[0]).toMatchObject({
        topic: TOPIC.bookingExpired,
        payload: { Phase: "Reserve", FromStatus: status },
      });
    },
  );

  it("INV-BKG-5: Booked past BookingExpiresAt expires with Phase Booking; at the deadline it is not due", () => {
    const state = booking("Booked");
    expect(codeOf(() => decideBooking(state, { type: "ExpireBooking" }, state.bookingExpiresAt ?? T0))).toBe(
      "CRM_BOOKING_NOT_DUE",
    );
    const d = decideBooking(state, { type: "ExpireBooking" }, new Date(T0.getTime() + 73 * HOUR));
    expect(d.next.status).toBe("BookingExpired");
    expect(d.events[0]).toMatchObject({ payload: { Phase: "Booking", Status: "BookingExpired" } });
  });

  it("INV-BKG-8: cancel needs a reason; a cascade from the deal leaves the deal to the deal's own decision", () => {
    const state = booking("Booked");
    expect(
      codeOf(() =>
        decideBooking(
          state,
          { type: "CancelBooking", reason: "  ", cause: "BookingCancelled", actorUserId: USER },
          within,
        ),
      ),
    ).toBe("CRM_REASON_REQUIRED");
    const direct = decideBooking(
      state,
      { type: "CancelBooking", reason: "x", cause: "BookingCancelled", actorUserId: USER },
      within,
    );
    expect(direct.dealEffect).toBe("bookingEndedWithoutSale");
    expect(direct.events[0]).toMatchObject({
      payload: { Reason: "x", Cause: "BookingCancelled", FromStatus: "Booked" },
    });
    const cascade = decideBooking(
      state,
      { type: "CancelBooking", reason: "x", cause: "DealCancelled", actorUserId: USER },
      within,
    );
    expect(cascade.dealEffect).toBe("none");
  });

  it("file ids are required", () => {
    const paid = booking("Reserved", {
      terms: { reserveDurationMinutes: 60, bookingDurationHours: 72, isPaid: true },
    });
    expect(
      codeOf(() =>
        decideBooking(paid, { type: "UploadContract", contractFileId: " ", actorUserId: USER }, within),
      ),
    ).toBe("CRM_FILE_ID_REQUIRED");
  });

  it("every transition bumps the version by one and every event carries it", () => {
    const d = decideBooking(
      booking("Reserved"),
      { type: "CancelBooking", reason: "r", cause: "BookingCancelled", actorUserId: USER },
      within,
    );
    expect(d.next.version).toBe(5);
    expect(d.events.every((e) => e.payload.Version === 5)).toBe(true);
  });

  it("dueAt: reserve deadline for Reserved/AwaitingPayment, booking deadline for Booked, none when terminal", () => {
    expect(dueAt(booking("Reserved"))).toEqual(booking("Reserved").reserveExpiresAt);
    expect(dueAt(booking("Booked"))).toEqual(booking("Booked").bookingExpiresAt);
    expect(dueAt(booking("Cancelled"))).toBeNull();
  });
});
