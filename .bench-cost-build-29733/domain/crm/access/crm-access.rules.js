import { hasRole, isDeveloperManagerOf } from "../../../platform/auth/viewer.js";
import { assertNever } from "../../../platform/errors/domain-error.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
const CRM_ACTIONS = [
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
  "read"
];
function isDealAgent(viewer, deal) {
  return viewer.roles.includes("agent") && deal.agentUserId === viewer.userId;
}
function isDealInvestor(viewer, deal) {
  return viewer.roles.includes("investor") && deal.investorUserId === viewer.userId;
}
function isTenantManager(viewer, deal) {
  return deal.tenantId !== null && isDeveloperManagerOf(viewer, deal.tenantId);
}
function isPinManager(viewer) {
  return hasRole(viewer, "pin_manager");
}
function canPerform(viewer, action, deal) {
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
function requireCrmAccess(viewer, action, deal) {
  if (!canPerform(viewer, action, deal)) throw crmErrors.forbidden(action);
}
function initiatedByOf(viewer, deal) {
  if (isDealAgent(viewer, deal)) return "Agent";
  if (isDealInvestor(viewer, deal)) return "Investor";
  return "PinManager";
}
function dealPartiesForCreator(viewer, input) {
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
function requireOwnSeat(viewer, seat, named) {
  if (named !== null && named !== viewer.userId) {
    throw crmErrors.invalid(
      CRM_ERROR.dealSeatTaken,
      `As the creator you take the ${seat === "agentUserId" ? "agent" : "investor"} seat yourself; leave ${seat} empty or name yourself`,
      { seat }
    );
  }
}
export {
  CRM_ACTIONS,
  canPerform,
  dealPartiesForCreator,
  initiatedByOf,
  isDealAgent,
  isDealInvestor,
  requireCrmAccess
};
//# sourceMappingURL=crm-access.rules.js.map
