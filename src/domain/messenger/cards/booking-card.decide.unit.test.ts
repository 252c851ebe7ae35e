import { describe, expect, it } from "vitest";
import type {
  BookingCreatedV1,
  BookingExpiredV1,
  BookingPaidV1,
} from "../../../contracts/crm-booking-events.js";
import { type Apartment, decideCard } from "./booking-card.decide.js";
import { bookingFactFrom } from "./booking-fact.js";

const BOOKING = "11111111-1111-4111-8111-111111111111";
const DEAL = "22222222-2222-4222-8222-222222222222";
const PO = "33333333-3333-4333-8333-333333333333";
const TENANT = "44444444-4444-4444-8444-444444444444";
const APARTMENT: Apartment = { number: "42", floor: 7, price: "12500000.00", currency: "RUB" };
const base = { BookingId: BOOKING, DealId: DEAL, PropertyObjectId: PO, TenantId: TENANT };

// The little language of the spec's side effects: one builder per crm event.
const created = (over: Partial<BookingCreatedV1> = {}): BookingCreatedV1 => ({
  ...base,
  Version: 1,
  Status: "Reserved",
  CreatedAt: "2026-03-01T10:00:00.000Z",
  InitiatedBy: "Agent",
  InitiatedByUserId: "agent-1",
  ProgramTerms: { ReserveDurationMinutes: 60, BookingDurationHours: 72, IsPaid: false },
  ReserveExpiresAt: "2026-03-01T11:00:00.000Z",
  DealAgentUserId: "agent-1",
  DealInvestorUserId: null,
  ...over,
});
const paid = (): BookingPaidV1 => ({
  ...base,
  Version: 4,
  Status: "Booked",
  PaidAt: "2026-03-01T10:30:00.000Z",
  ReceiptFileId: "receipt",
  ConfirmedByUserId: "dm-1",
});
const expired = (phase: "Reserve" | "Booking"): BookingExpiredV1 => ({
  ...base,
  Version: 3,
  Status: phase === "Reserve" ? "ReserveExpired" : "BookingExpired",
  Phase: phase,
  FromStatus: phase === "Reserve" ? "Reserved" : "Booked",
  ExpiresAt: "2026-03-01T11:00:00.000Z",
  ExpiredAt: "2026-03-01T11:00:30.000Z",
});

describe("messenger system cards (the saga's side effects per transition)", () => {
  it("booking-created → the booking card with apartment, reserve deadline and amount", () => {
    const card = decideCard(bookingFactFrom.created(created()), APARTMENT);
    expect(card).toEqual({
      kind: "BookingCreated",
      bookingId: BOOKING,
      propertyObjectId: PO,
      title: "Booking created: apartment 42 is reserved until the deadline",
      apartmentNumber: "42",
      floor: 7,
      amount: "12500000.00",
      currency: "RUB",
      deadline: new Date("2026-03-01T11:00:00.000Z"),
    });
  });

  it("booking-paid → «contract paid» (US-INV-16)", () => {
    const card = decideCard(bookingFactFrom.paid(paid()), APARTMENT);
    expect(card).toMatchObject({
      kind: "ContractPaid",
      title: "Contract paid: apartment 42 is booked",
      amount: "12500000.00",
    });
  });

  it("booking-expired phase Reserve → «reserve time expired — confirm the booking» with the missed deadline", () => {
    const card = decideCard(bookingFactFrom.expired(expired("Reserve")), APARTMENT);
    expect(card).toMatchObject({
      kind: "ReserveExpiredConfirmBooking",
      title: "Reserve time expired — confirm the booking of apartment 42",
      deadline: new Date("2026-03-01T11:00:00.000Z"),
    });
  });

  it("booking-expired phase Booking → «confirm or extend»", () => {
    const card = decideCard(bookingFactFrom.expired(expired("Booking")), APARTMENT);
    expect(card).toMatchObject({
      kind: "BookingExpiredConfirmOrExtend",
      title: "Booking time expired — confirm or extend the booking of apartment 42",
    });
  });

  it("a card for an object messenger has not seen yet still renders, without the figures", () => {
    const card = decideCard(bookingFactFrom.created(created()), null);
    expect(card).toMatchObject({
      apartmentNumber: null,
      amount: null,
      title: expect.stringContaining("the apartment"),
    });
  });

  it("a paid programme says so on the booking card", () => {
    const terms = { ReserveDurationMinutes: 60, BookingDurationHours: 72, IsPaid: true };
    expect(decideCard(bookingFactFrom.created(created({ ProgramTerms: terms })), APARTMENT).title).toContain(
      "paid programme",
    );
  });

  it("booking-created without the deal's parties (the gate made them null) opens the chat without them (0303)", () => {
    const fact = bookingFactFrom.created({ ...created(), DealAgentUserId: null, DealInvestorUserId: null });
    expect(fact).toMatchObject({ type: "created", agentUserId: null, investorUserId: null });
  });
});
