import { describe, expect, it } from "vitest";
import { DomainError } from "../../../platform/errors/domain-error.js";
import type { DeveloperReplica } from "../developer-replica/developer-replica.types.js";
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

const active = (id: string): DeveloperReplica => ({ id, status: "Active", version: 1 });
const engage = (developerId: string, developer: DeveloperReplica = active(developerId)) =>
  ({ type: "EngageDeveloper", developerId, developer, actorUserId: "a1" }) as const;

const createDeal = (title: string) =>
  ({
    type: "CreateDeal",
    dealId: "d",
    title,
    agentUserId: "a1",
    investorUserId: null,
    actorUserId: "a1",
  }) as const;

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
      expect(codeOf(() => decideDeal(deal(status), engage("t1"), NOW))).toBe(expected);
    },
  );

  it("engageDeveloper: Draft → Application with the developer as tenant", () => {
    const d = decideDeal(deal("Draft"), engage("t9"), NOW);
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

  it("engageDeveloper refuses a developer crm has never seen (CRM_DEVELOPER_UNKNOWN)", () => {
    expect(
      codeOf(() =>
        decideDeal(
          deal("Draft"),
          { type: "EngageDeveloper", developerId: "t404", developer: null, actorUserId: "a1" },
          NOW,
        ),
      ),
    ).toBe("CRM_DEVELOPER_UNKNOWN");
  });

  it("engageDeveloper refuses an Inactive developer (CRM_DEVELOPER_INACTIVE)", () => {
    expect(
      codeOf(() =>
        decideDeal(deal("Draft"), engage("t2", { id: "t2", status: "Inactive", version: 3 }), NOW),
      ),
    ).toBe("CRM_DEVELOPER_INACTIVE");
  });

  it("createDeal refuses an empty or blank title (CRM_DEAL_TITLE_INVALID)", () => {
    expect(codeOf(() => decideDeal(null, createDeal(""), NOW))).toBe("CRM_DEAL_TITLE_INVALID");
    expect(codeOf(() => decideDeal(null, createDeal("   "), NOW))).toBe("CRM_DEAL_TITLE_INVALID");
  });

  it("createDeal refuses a title over 200 characters and accepts exactly 200", () => {
    expect(codeOf(() => decideDeal(null, createDeal("x".repeat(201)), NOW))).toBe("CRM_DEAL_TITLE_INVALID");
    expect(codeOf(() => decideDeal(null, createDeal("x".repeat(200)), NOW))).toBe("ok");
  });
});
