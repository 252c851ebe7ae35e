import { describe, expect, it } from "vitest";
import { decideNotifications, type NotificationDraft } from "./notification.decide.js";
import type { DealParticipants, SagaTransition } from "./saga-transition.js";

const TENANT = "44444444-4444-4444-8444-444444444444";
const BOOKING = "11111111-1111-4111-8111-111111111111";
const deal: DealParticipants = {
  dealId: "d",
  tenantId: TENANT,
  agentUserId: "agent-1",
  investorUserId: "investor-1",
};

/** Recipients in a compact form: "User:agent-1", "Developer:<tenant>-<excluded>". */
const who = (drafts: NotificationDraft[]) =>
  drafts.map((d) =>
    d.recipient.kind === "User"
      ? `User:${d.recipient.userId}`
      : `Developer:${d.recipient.excludedUserId ?? "-"}`,
  );

describe("notifications: which roles get which (docs/engineering/notifications.md)", () => {
  const matrix: Array<[string, SagaTransition, string, string[]]> = [
    [
      "booking-confirmed (free programme) by the agent",
      { type: "confirmed", isPaid: false, actorUserId: "agent-1" },
      "BookingConfirmed",
      ["User:investor-1", "Developer:agent-1"],
    ],
    [
      "booking-paid by a developer manager",
      { type: "paid", actorUserId: "dm-1" },
      "BookingPaid",
      ["User:agent-1", "User:investor-1", "Developer:dm-1"],
    ],
    [
      "booking-expired phase Reserve (the worker)",
      { type: "expired", phase: "Reserve", actorUserId: null },
      "ReserveExpired",
      ["User:agent-1", "User:investor-1", "Developer:-"],
    ],
    [
      "booking-expired phase Booking (the worker)",
      { type: "expired", phase: "Booking", actorUserId: null },
      "BookingExpired",
      ["User:agent-1", "User:investor-1", "Developer:-"],
    ],
    [
      "booking-cancelled by the investor",
      { type: "cancelled", cause: "BookingCancelled", actorUserId: "investor-1" },
      "BookingCancelled",
      ["User:agent-1", "Developer:investor-1"],
    ],
    [
      "deal-sale-started by a developer manager",
      { type: "saleStarted", actorUserId: "dm-1" },
      "SaleStarted",
      ["User:agent-1", "User:investor-1", "Developer:dm-1"],
    ],
  ];

  it.each(matrix)("%s → %s to everyone but the actor", (_name, transition, kind, recipients) => {
    const drafts = decideNotifications(deal, BOOKING, transition);
    expect(who(drafts)).toEqual(recipients);
    for (const d of drafts) {
      expect(d).toMatchObject({ kind, dealId: "d", bookingId: BOOKING });
      expect(d.title.length).toBeGreaterThan(0);
      expect(d.title.length).toBeLessThanOrEqual(200);
    }
  });

  it("a paid programme's booking-confirmed is folded into its booking-paid (no second notification)", () => {
    expect(
      decideNotifications(deal, BOOKING, { type: "confirmed", isPaid: true, actorUserId: "dm-1" }),
    ).toEqual([]);
  });

  it("a cancellation cascaded from the deal says so", () => {
    const [first] = decideNotifications(deal, BOOKING, {
      type: "cancelled",
      cause: "DealCancelled",
      actorUserId: "pm",
    });
    expect(first?.title).toBe("Booking cancelled together with the deal");
  });

  it("a deal without an investor, or one person in both seats, gives one notification per person", () => {
    const solo = { ...deal, investorUserId: null };
    expect(who(decideNotifications(solo, BOOKING, { type: "saleStarted", actorUserId: "pm" }))).toEqual([
      "User:agent-1",
      "Developer:pm",
    ]);
    const same = { ...deal, investorUserId: "agent-1" };
    expect(who(decideNotifications(same, BOOKING, { type: "saleStarted", actorUserId: "pm" }))).toEqual([
      "User:agent-1",
      "Developer:pm",
    ]);
  });
});
