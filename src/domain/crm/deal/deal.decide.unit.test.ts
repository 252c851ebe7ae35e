import { describe, expect, it } from "vitest";
import { DomainError } from "../../../platform/errors/domain-error.js";
import { decideDeal, evolveDealForBooking } from "./deal.decide.js";
import { DEAL_STATUSES, type Deal, type DealStatus } from "./deal.types.js";

const NOW = new Date("2026-03-01T10:00:00.000Z");
const deal = (status: DealStatus): Deal => ({
  id: "d1",
  tenantId: status === "Draft" ? null : "t1",
  status,
  agentUserId: "a1",
  investorUserId: null,
  createdByUserId: "a1",
  title: "deal",
  cancelReason: null,
  createdAt: NOW,
  version: 2,
});

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return "ok";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe("deal decisions", () => {
  it("createDeal starts Draft without a developer; needs an agent or an investor", () => {
    const d = decideDeal(
      null,
      {
        type: "CreateDeal",
        dealId: "d1",
        title: " t ",
        agentUserId: "a1",
        investorUserId: null,
        actorUserId: "a1",
      },
      NOW,
    );
    expect(d.next).toMatchObject({ status: "Draft", tenantId: null, title: "t", version: 1 });
    expect(
      codeOf(() =>
        decideDeal(
          null,
          {
            type: "CreateDeal",
            dealId: "d",
            title: "t",
            agentUserId: null,
            investorUserId: null,
            actorUserId: "x",
          },
          NOW,
        ),
      ),
    ).toBe("CRM_DEAL_PARTICIPANTS_MISSING");
  });

  it.each(DEAL_STATUSES.map((s) => [s, s === "Draft" ? "ok" : "CRM_DEAL_NOT_DRAFT"] as const))(
    "engageDeveloper from %s → %s",
    (status, expected) => {
      expect(
        codeOf(() =>
          decideDeal(deal(status), { type: "EngageDeveloper", developerId: "t1", actorUserId: "a1" }, NOW),
        ),
      ).toBe(expected);
    },
  );

  it("engageDeveloper: Draft → Application with the developer as tenant", () => {
    const d = decideDeal(
      deal("Draft"),
      { type: "EngageDeveloper", developerId: "t9", actorUserId: "a1" },
      NOW,
    );
    expect(d.next).toMatchObject({ status: "Application", tenantId: "t9", version: 3 });
  });

  it.each(
    DEAL_STATUSES.map((s) => [s, ["Sale", "Cancelled"].includes(s) ? "CRM_DEAL_NOT_ACTIVE" : "ok"] as const),
  )("cancelDeal from %s → %s", (status, expected) => {
    expect(
      codeOf(() => decideDeal(deal(status), { type: "CancelDeal", reason: "r", actorUserId: "a1" }, NOW)),
    ).toBe(expected);
  });

  it("cancelDeal needs a reason", () => {
    expect(
      codeOf(() =>
        decideDeal(deal("Application"), { type: "CancelDeal", reason: "", actorUserId: "a1" }, NOW),
      ),
    ).toBe("CRM_REASON_REQUIRED");
  });

  it("the deal follows its booking: Application → Booking → Application, Booking → Sale", () => {
    expect(evolveDealForBooking(deal("Application"), "bookingStarted", "a1", "b1", NOW)?.next.status).toBe(
      "Booking",
    );
    expect(evolveDealForBooking(deal("Booking"), "bookingStarted", "a1", "b1", NOW)).toBeNull();
    expect(
      evolveDealForBooking(deal("Booking"), "bookingEndedWithoutSale", "a1", "b1", NOW)?.next.status,
    ).toBe("Application");
    expect(evolveDealForBooking(deal("Booking"), "saleStarted", "a1", "b1", NOW)?.next.status).toBe("Sale");
    expect(evolveDealForBooking(deal("Booking"), "none", "a1", "b1", NOW)).toBeNull();
    const change = evolveDealForBooking(deal("Booking"), "saleStarted", "a1", "b1", NOW);
    expect(change?.timeline[0]).toMatchObject({
      entity: "Deal",
      bookingId: "b1",
      fromStatus: "Booking",
      toStatus: "Sale",
    });
  });
});
