import { assertNever } from "../../../platform/errors/domain-error.js";
import { requireReason } from "../booking/booking.decide.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
const FIRST_VERSION = 1;
const DEAL_TITLE_MAX_LENGTH = 200;
const CANCELLABLE = ["Draft", "Application", "Booking"];
function decideDeal(state, command, now) {
  if (command.type === "CreateDeal") {
    if (state !== null) throw new Error("CreateDeal needs no prior state");
    if (command.agentUserId === null && command.investorUserId === null) {
      throw crmErrors.invalid(CRM_ERROR.dealParticipantsMissing, "A deal needs an agent or an investor");
    }
    const title = command.title.trim();
    if (title.length === 0 || title.length > DEAL_TITLE_MAX_LENGTH) {
      throw crmErrors.invalid(
        CRM_ERROR.dealTitleInvalid,
        `A deal title must be 1\u2013${DEAL_TITLE_MAX_LENGTH} characters`,
        { length: title.length }
      );
    }
    const next = {
      id: command.dealId,
      tenantId: null,
      status: "Draft",
      agentUserId: command.agentUserId,
      investorUserId: command.investorUserId,
      createdByUserId: command.actorUserId,
      title,
      cancelReason: null,
      createdAt: now,
      version: FIRST_VERSION
    };
    return { next, timeline: [dealTimeline(next, "CreateDeal", null, command.actorUserId, null, now)] };
  }
  if (state === null) throw new Error(`${command.type} needs an existing deal`);
  switch (command.type) {
    case "EngageDeveloper": {
      if (state.status !== "Draft") {
        throw crmErrors.illegal(CRM_ERROR.dealNotDraft, `Deal ${state.id} is ${state.status}, not Draft`);
      }
      requireEngageableDeveloper(command.developerId, command.developer);
      const next = bumpDeal(state, { status: "Application", tenantId: command.developerId });
      return {
        next,
        timeline: [dealTimeline(next, "EngageDeveloper", state.status, command.actorUserId, null, now)]
      };
    }
    case "CancelDeal": {
      const reason = requireReason(command.reason);
      if (!CANCELLABLE.includes(state.status)) {
        throw crmErrors.illegal(CRM_ERROR.dealNotActive, `Deal ${state.id} is ${state.status}`);
      }
      const next = bumpDeal(state, { status: "Cancelled", cancelReason: reason });
      return {
        next,
        timeline: [dealTimeline(next, "CancelDeal", state.status, command.actorUserId, reason, now)]
      };
    }
    default:
      return assertNever(command, "deal command");
  }
}
function evolveDealForBooking(deal, effect, actorUserId, bookingId, now) {
  if (effect === "none") return null;
  const target = dealStatusAfter(deal.status, effect);
  if (target === null || target === deal.status) return null;
  const next = bumpDeal(deal, { status: target });
  return {
    next,
    timeline: [
      { ...dealTimeline(next, effectAction(effect), deal.status, actorUserId, null, now), bookingId }
    ]
  };
}
function dealStatusAfter(status, effect) {
  switch (effect) {
    case "bookingStarted":
      return status === "Application" ? "Booking" : null;
    case "bookingEndedWithoutSale":
      return status === "Booking" ? "Application" : null;
    case "saleStarted":
      return "Sale";
    default:
      return assertNever(effect, "deal effect");
  }
}
function effectAction(effect) {
  switch (effect) {
    case "bookingStarted":
      return "OnBookingCreated";
    case "bookingEndedWithoutSale":
      return "OnBookingEnded";
    case "saleStarted":
      return "StartSale";
    default:
      return assertNever(effect, "deal effect");
  }
}
function requireEngageableDeveloper(developerId, developer) {
  if (developer === null || developer.id !== developerId) {
    throw crmErrors.illegal(CRM_ERROR.developerUnknown, `Developer ${developerId} is unknown`, {
      developerId
    });
  }
  if (developer.status !== "Active") {
    throw crmErrors.illegal(CRM_ERROR.developerInactive, `Developer ${developerId} is ${developer.status}`, {
      developerId,
      status: developer.status
    });
  }
}
function bumpDeal(state, changes) {
  return { ...state, ...changes, version: state.version + 1 };
}
function dealTimeline(next, action, from, actorUserId, reason, at) {
  return {
    entity: "Deal",
    dealId: next.id,
    bookingId: null,
    action,
    fromStatus: from,
    toStatus: next.status,
    actorUserId,
    reason,
    at
  };
}
export {
  DEAL_TITLE_MAX_LENGTH,
  decideDeal,
  evolveDealForBooking
};
//# sourceMappingURL=deal.decide.js.map
