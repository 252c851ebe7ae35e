import { assertNever } from "../../../platform/errors/domain-error.js";
import { type DealEffect, requireReason } from "../booking/booking.decide.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import type { DeveloperReplica } from "../developer-replica/developer-replica.types.js";
import type { TimelineDraft } from "../timeline/timeline.types.js";
import type { Deal, DealStatus } from "./deal.types.js";

export type DealCommand =
  | {
      readonly type: "CreateDeal";
      readonly dealId: string;
      readonly title: string;
      readonly agentUserId: string | null;
      readonly investorUserId: string | null;
      readonly actorUserId: string;
    }
  | {
      readonly type: "EngageDeveloper";
      readonly developerId: string;
      /** crm's replica of the chessboard developer; null when crm has never seen it */
      readonly developer: DeveloperReplica | null;
      readonly actorUserId: string;
    }
  | { readonly type: "CancelDeal"; readonly reason: string; readonly actorUserId: string };

export interface DealDecision {
  readonly next: Deal;
  readonly timeline: readonly TimelineDraft[];
}

const FIRST_VERSION = 1;
/** A title is shown in lists and chat cards; longer text belongs in a description. */
export const DEAL_TITLE_MAX_LENGTH = 200;
const CANCELLABLE: readonly DealStatus[] = ["Draft", "Application", "Booking"];

/**
 * Deal rules (deal.md is not available; derived in decision 0043): Draft → Application when the
 * developer is engaged; Application ↔ Booking follows its booking; Sale by startSale; any
 * non-final status may be cancelled. Pure, like decideBooking.
 */
export function decideDeal(state: Deal | null, command: DealCommand, now: Date): DealDecision {
  if (command.type === "CreateDeal") {
    if (state !== null) throw new Error("CreateDeal needs no prior state");
    if (command.agentUserId === null && command.investorUserId === null) {
      throw crmErrors.invalid(CRM_ERROR.dealParticipantsMissing, "A deal needs an agent or an investor");
    }
    const title = command.title.trim();
    if (title.length === 0 || title.length > DEAL_TITLE_MAX_LENGTH) {
      throw crmErrors.invalid(
        CRM_ERROR.dealTitleInvalid,
        `A deal title must be 1–${DEAL_TITLE_MAX_LENGTH} characters`,
        { length: title.length },
      );
    }
    const next: Deal = {
      id: command.dealId,
      tenantId: null,
      status: "Draft",
      agentUserId: command.agentUserId,
      investorUserId: command.investorUserId,
      createdByUserId: command.actorUserId,
      title,
      cancelReason: null,
      createdAt: now,
      version: FIRST_VERSION,
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
        timeline: [dealTimeline(next, "EngageDeveloper", state.status, command.actorUserId, null, now)],
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
        timeline: [dealTimeline(next, "CancelDeal", state.status, command.actorUserId, reason, now)],
      };
    }
    default:
      return assertNever(command, "deal command");
  }
}

/**
 * The deal follows its booking. Returns null when the deal does not change (e.g. a second
 * booking started while the deal is already in Booking, which INV "one active per deal" makes rare).
 */
export function evolveDealForBooking(
  deal: Deal,
  effect: DealEffect,
  actorUserId: string,
  bookingId: string,
  now: Date,
): DealDecision | null {
  if (effect === "none") return null;
  const target = dealStatusAfter(deal.status, effect);
  if (target === null || target === deal.status) return null;
  const next = bumpDeal(deal, { status: target });
  return {
    next,
    timeline: [
      { ...dealTimeline(next, effectAction(effect), deal.status, actorUserId, null, now), bookingId },
    ],
  };
}

function dealStatusAfter(status: DealStatus, effect: Exclude<DealEffect, "none">): DealStatus | null {
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

function effectAction(effect: Exclude<DealEffect, "none">): string {
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

/** A deal may engage only a developer chessboard has published and not deactivated. */
function requireEngageableDeveloper(developerId: string, developer: DeveloperReplica | null): void {
  if (developer === null || developer.id !== developerId) {
    throw crmErrors.illegal(CRM_ERROR.developerUnknown, `Developer ${developerId} is unknown`, {
      developerId,
    });
  }
  if (developer.status !== "Active") {
    throw crmErrors.illegal(CRM_ERROR.developerInactive, `Developer ${developerId} is ${developer.status}`, {
      developerId,
      status: developer.status,
    });
  }
}

function bumpDeal(state: Deal, changes: Partial<Deal>): Deal {
  return { ...state, ...changes, version: state.version + 1 };
}

function dealTimeline(
  next: Deal,
  action: string,
  from: DealStatus | null,
  actorUserId: string,
  reason: string | null,
  at: Date,
): TimelineDraft {
  return {
    entity: "Deal",
    dealId: next.id,
    bookingId: null,
    action,
    fromStatus: from,
    toStatus: next.status,
    actorUserId,
    reason,
    at,
  };
}
