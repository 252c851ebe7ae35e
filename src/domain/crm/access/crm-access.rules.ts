import { hasRole, isDeveloperManagerOf, type Viewer } from "../../../platform/auth/viewer.js";
import { assertNever } from "../../../platform/errors/domain-error.js";
import type { InitiatedBy } from "../booking/booking.types.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import type { Deal } from "../deal/deal.types.js";

/**
 * Who may call what (the crm role matrix, mirrored in docs/engineering/crm.md). Pure functions of the viewer
 * and the deal; GraphQL resolvers call `requireCrmAccess` before deciding.
 */
export type CrmAction =
  | "createDeal"
  | "engageDeveloper"
  | "createBooking"
  | "uploadBookingContract"
  | "uploadPaymentReceipt"
  | "confirmBooking"
  | "confirmBookingPayment"
  | "extendBooking"
  | "cancelBooking"
  | "cancelDeal"
  | "startSale"
  | "read";

export const CRM_ACTIONS: readonly CrmAction[] = [
  "createDeal",
  "engageDeveloper",
  "createBooking",
  "uploadBookingContract",
  "uploadPaymentReceipt",
  "confirmBooking",
  "confirmBookingPayment",
  "extendBooking",
  "cancelBooking",
  "cancelDeal",
  "startSale",
  "read",
];

type DealParties = Pick<Deal, "agentUserId" | "investorUserId" | "tenantId">;

export function isDealAgent(viewer: Viewer, deal: DealParties): boolean {
  return viewer.roles.includes("agent") && deal.agentUserId === viewer.userId;
}

export function isDealInvestor(viewer: Viewer, deal: DealParties): boolean {
  return viewer.roles.includes("investor") && deal.investorUserId === viewer.userId;
}

function isTenantManager(viewer: Viewer, deal: DealParties): boolean {
  return deal.tenantId !== null && isDeveloperManagerOf(viewer, deal.tenantId);
}

function isPinManager(viewer: Viewer): boolean {
  return hasRole(viewer, "pin_manager");
}

/** `deal` is null only for createDeal (no deal yet). */
export function canPerform(viewer: Viewer, action: CrmAction, deal: DealParties | null): boolean {
  if (action === "createDeal") return hasRole(viewer, "agent", "investor", "pin_manager");
  if (deal === null) return false;
  const participant = isDealAgent(viewer, deal) || isDealInvestor(viewer, deal);
  switch (action) {
    case "engageDeveloper":
    case "createBooking":
    case "uploadPaymentReceipt":
      return participant || isPinManager(viewer);
    case "uploadBookingContract":
    case "confirmBookingPayment":
      return isTenantManager(viewer, deal);
    case "confirmBooking":
      return isDealAgent(viewer, deal) || isPinManager(viewer);
    case "extendBooking":
    case "startSale":
      return isTenantManager(viewer, deal) || isPinManager(viewer);
    case "cancelBooking":
    case "cancelDeal":
      return participant || isTenantManager(viewer, deal) || isPinManager(viewer);
    case "read":
      return participant || isTenantManager(viewer, deal) || hasRole(viewer, "pin_manager", "admin");
    default:
      return assertNever(action, "crm action");
  }
}

export function requireCrmAccess(viewer: Viewer, action: CrmAction, deal: DealParties | null): void {
  if (!canPerform(viewer, action, deal)) throw crmErrors.forbidden(action);
}

/**
 * InitiatedBy of a new booking: the viewer's relation to the deal, preferring the most specific
 * (a PIN manager who is also the agent books as Agent).
 */
export function initiatedByOf(viewer: Viewer, deal: DealParties): InitiatedBy {
  if (isDealAgent(viewer, deal)) return "Agent";
  if (isDealInvestor(viewer, deal)) return "Investor";
  return "PinManager";
}

/**
 * Who becomes agent/investor of a new deal: the creator takes their own seat. Naming somebody else
 * in that seat is refused (CRM_DEAL_SEAT_NOT_YOURS) rather than silently overwritten: the caller
 * asked for something they did not get.
 */
export function dealPartiesForCreator(
  viewer: Viewer,
  input: { agentUserId: string | null; investorUserId: string | null },
): { agentUserId: string | null; investorUserId: string | null } {
  if (viewer.roles.includes("agent")) {
    requireOwnSeat(viewer, "agentUserId", input.agentUserId);
    return { agentUserId: viewer.userId, investorUserId: input.investorUserId };
  }
  if (viewer.roles.includes("investor")) {
    requireOwnSeat(viewer, "investorUserId", input.investorUserId);
    return { agentUserId: input.agentUserId, investorUserId: viewer.userId };
  }
  return input;
}

function requireOwnSeat(viewer: Viewer, seat: "agentUserId" | "investorUserId", named: string | null): void {
  if (named !== null && named !== viewer.userId) {
    throw crmErrors.invalid(
      CRM_ERROR.dealSeatTaken,
      `As the creator you take the ${seat === "agentUserId" ? "agent" : "investor"} seat yourself; leave ${seat} empty or name yourself`,
      { seat },
    );
  }
}
