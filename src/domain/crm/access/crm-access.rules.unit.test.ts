import { describe, expect, it } from "vitest";
import type { UserRole, Viewer } from "../../../platform/auth/viewer.js";
import { type CrmAction, canPerform, dealPartiesForCreator, initiatedByOf } from "./crm-access.rules.js";

const TENANT = "tenant-1";
const deal = { agentUserId: "agent-1", investorUserId: "investor-1", tenantId: TENANT };

const v = (role: UserRole, userId: string, tenantId: string | null = null): Viewer => ({
  userId,
  roles: [role],
  tenantId,
});

const who = {
  dealAgent: v("agent", "agent-1"),
  otherAgent: v("agent", "agent-2"),
  dealInvestor: v("investor", "investor-1"),
  otherInvestor: v("investor", "investor-2"),
  tenantManager: v("developer_manager", "dm-1", TENANT),
  otherTenantManager: v("developer_manager", "dm-2", "tenant-2"),
  pinManager: v("pin_manager", "pm-1"),
  admin: v("admin", "admin-1"),
} as const;
type Who = keyof typeof who;

/** The role matrix of docs/engineering/crm.md: who may do each action on a deal (everyone else is refused). */
const MATRIX: Record<Exclude<CrmAction, "createDeal">, readonly Who[]> = {
  engageDeveloper: ["dealAgent", "dealInvestor", "pinManager"],
  createBooking: ["dealAgent", "dealInvestor", "pinManager"],
  uploadBookingContract: ["tenantManager"],
  uploadPaymentReceipt: ["dealAgent", "dealInvestor", "pinManager"],
  confirmBooking: ["dealAgent", "pinManager"],
  confirmBookingPayment: ["tenantManager"],
  extendBooking: ["tenantManager", "pinManager"],
  cancelBooking: ["dealAgent", "dealInvestor", "tenantManager", "pinManager"],
  cancelDeal: ["dealAgent", "dealInvestor", "tenantManager", "pinManager"],
  startSale: ["tenantManager", "pinManager"],
  read: ["dealAgent", "dealInvestor", "tenantManager", "pinManager", "admin"],
};

describe("crm role matrix", () => {
  for (const [action, allowed] of Object.entries(MATRIX) as Array<
    [Exclude<CrmAction, "createDeal">, readonly Who[]]
  >) {
    for (const name of Object.keys(who) as Who[]) {
      const expected = allowed.includes(name);
      it(`${action}: ${name} is ${expected ? "allowed" : "refused"}`, () => {
        expect(canPerform(who[name], action, deal)).toBe(expected);
      });
    }
  }

  it("createDeal: agent, investor, pin_manager; not developer_manager or admin", () => {
    expect(canPerform(who.dealAgent, "createDeal", null)).toBe(true);
    expect(canPerform(who.otherInvestor, "createDeal", null)).toBe(true);
    expect(canPerform(who.pinManager, "createDeal", null)).toBe(true);
    expect(canPerform(who.tenantManager, "createDeal", null)).toBe(false);
    expect(canPerform(who.admin, "createDeal", null)).toBe(false);
  });

  it("a Draft deal (no tenant yet) has no developer staff", () => {
    expect(canPerform(who.tenantManager, "read", { ...deal, tenantId: null })).toBe(false);
  });

  it("InitiatedBy follows the viewer's seat in the deal", () => {
    expect(initiatedByOf(who.dealAgent, deal)).toBe("Agent");
    expect(initiatedByOf(who.dealInvestor, deal)).toBe("Investor");
    expect(initiatedByOf(who.pinManager, deal)).toBe("PinManager");
  });

  it("the creator of a deal takes their own seat", () => {
    expect(dealPartiesForCreator(who.otherAgent, { agentUserId: null, investorUserId: "i" })).toEqual({
      agentUserId: "agent-2",
      investorUserId: "i",
    });
    expect(dealPartiesForCreator(who.otherAgent, { agentUserId: "agent-2", investorUserId: null })).toEqual({
      agentUserId: "agent-2",
      investorUserId: null,
    });
    expect(dealPartiesForCreator(who.pinManager, { agentUserId: "a", investorUserId: null })).toEqual({
      agentUserId: "a",
      investorUserId: null,
    });
  });

  it("createDeal: an agent naming another agent as agentUserId is refused (CRM_DEAL_SEAT_NOT_YOURS)", () => {
    expect(() => dealPartiesForCreator(who.otherAgent, { agentUserId: "x", investorUserId: "i" })).toThrow(
      expect.objectContaining({ code: "CRM_DEAL_SEAT_NOT_YOURS", category: "validation" }),
    );
  });

  it("createDeal: an investor naming another investor as investorUserId is refused (CRM_DEAL_SEAT_NOT_YOURS)", () => {
    expect(() =>
      dealPartiesForCreator(who.dealInvestor, { agentUserId: null, investorUserId: "someone-else" }),
    ).toThrow(expect.objectContaining({ code: "CRM_DEAL_SEAT_NOT_YOURS" }));
  });
});
