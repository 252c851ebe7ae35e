import { assertNever } from "../../../platform/errors/domain-error.js";
import { TOPIC } from "../../../platform/events/topics.js";
import { TEXT_LIMITS, textProblem } from "../../../platform/validation/text.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import { BOOKABLE_DEAL_STATUSES, FINISHED_DEAL_STATUSES } from "../deal/deal.types.js";
import {
  isBookableReplica
} from "../property-object-replica/property-object-replica.types.js";
import { SYSTEM_ACTOR } from "../timeline/timeline.types.js";
import {
  isActiveBookingStatus
} from "./booking.types.js";
const MS_PER_MINUTE = 6e4;
const MS_PER_HOUR = 36e5;
const FIRST_VERSION = 1;
function decideBooking(state, command, now) {
  if (command.type === "CreateBooking") {
    if (state !== null) throw new Error("CreateBooking needs no prior state");
    return decideCreate(command, now);
  }
  if (state === null) throw new Error(`${command.type} needs an existing booking`);
  switch (command.type) {
    case "UploadContract":
      return decideUploadContract(state, command, now);
    case "UploadReceipt":
      return decideUploadReceipt(state, command, now);
    case "ConfirmBooking":
      return decideConfirm(state, command, now);
    case "ConfirmPayment":
      return decideConfirmPayment(state, command, now);
    case "ExtendBooking":
      return decideExtend(state, command, now);
    case "CancelBooking":
      return decideCancel(state, command, now);
    case "ExpireBooking":
      return decideExpire(state, now);
    case "StartSale":
      return decideStartSale(state, command, now);
    default:
      return assertNever(command, "booking command");
  }
}
function dueAt(booking) {
  switch (booking.status) {
    case "Reserved":
    case "AwaitingPayment":
      return booking.reserveExpiresAt;
    case "Booked":
      return booking.bookingExpiresAt;
    case "Completed":
    case "ReserveExpired":
    case "BookingExpired":
    case "Cancelled":
      return null;
    default:
      return assertNever(booking.status, "booking status");
  }
}
function decideCreate(command, now) {
  const { deal, propertyObject, terms } = command;
  if (FINISHED_DEAL_STATUSES.includes(deal.status)) {
    throw crmErrors.illegal(CRM_ERROR.dealNotActive, `Deal ${deal.id} is ${deal.status}`, {
      dealId: deal.id,
      dealStatus: deal.status
    });
  }
  if (!BOOKABLE_DEAL_STATUSES.includes(deal.status) || deal.tenantId === null) {
    throw crmErrors.illegal(
      CRM_ERROR.dealNotEngaged,
      `Deal ${deal.id} is ${deal.status}; engage the developer first`,
      {
        dealId: deal.id,
        dealStatus: deal.status
      }
    );
  }
  if (propertyObject === null) {
    throw crmErrors.illegal(CRM_ERROR.propertyObjectUnknown, "crm does not know this property object yet");
  }
  if (propertyObject.tenantId !== deal.tenantId) {
    throw crmErrors.illegal(
      CRM_ERROR.propertyObjectOtherDeveloper,
      `Property object ${propertyObject.id} belongs to another developer than the deal's`,
      { propertyObjectId: propertyObject.id }
    );
  }
  if (!isBookableReplica(propertyObject)) {
    throw crmErrors.illegal(
      CRM_ERROR.propertyObjectNotFree,
      `Property object ${propertyObject.id} is ${propertyObject.status}, not Free`,
      { propertyObjectId: propertyObject.id, status: propertyObject.status }
    );
  }
  const reserveExpiresAt = new Date(now.getTime() + terms.reserveDurationMinutes * MS_PER_MINUTE);
  const next = {
    id: command.bookingId,
    dealId: deal.id,
    propertyObjectId: propertyObject.id,
    tenantId: deal.tenantId,
    status: "Reserved",
    initiatedBy: command.initiatedBy,
    initiatedByUserId: command.actorUserId,
    terms,
    reserveExpiresAt,
    bookingExpiresAt: null,
    paymentStatus: "None",
    contractFileId: null,
    receiptFileId: null,
    requisiteSetId: command.requisiteSetId,
    cancelReason: null,
    createdAt: now,
    confirmedAt: null,
    endedAt: null,
    version: FIRST_VERSION
  };
  return {
    next,
    events: [
      {
        topic: TOPIC.bookingCreated,
        payload: {
          ...eventBase(next),
          Status: "Reserved",
          CreatedAt: now.toISOString(),
          InitiatedBy: command.initiatedBy,
          InitiatedByUserId: command.actorUserId,
          ProgramTerms: {
            ReserveDurationMinutes: terms.reserveDurationMinutes,
            BookingDurationHours: terms.bookingDurationHours,
            IsPaid: terms.isPaid
          },
          ReserveExpiresAt: reserveExpiresAt.toISOString(),
          DealAgentUserId: deal.agentUserId,
          DealInvestorUserId: deal.investorUserId
        }
      }
    ],
    timeline: [timeline(next, "CreateBooking", null, command.actorUserId, null, now)],
    dealEffect: "bookingStarted"
  };
}
function decideUploadContract(state, command, now) {
  requireFileId(command.contractFileId);
  requireStatus(state, "Reserved", CRM_ERROR.notReserved);
  if (!state.terms.isPaid) {
    throw crmErrors.illegal(CRM_ERROR.programNotPaid, "A free programme has no booking contract step");
  }
  requireReserveWindow(state, now);
  const next = bump(state, { status: "AwaitingPayment", contractFileId: command.contractFileId });
  return quiet(next, timeline(next, "UploadBookingContract", state.status, command.actorUserId, null, now));
}
function decideUploadReceipt(state, command, now) {
  requireFileId(command.receiptFileId);
  requireStatus(state, "AwaitingPayment", CRM_ERROR.notAwaitingPayment);
  requireReserveWindow(state, now);
  const next = bump(state, { paymentStatus: "Uploaded", receiptFileId: command.receiptFileId });
  return quiet(next, timeline(next, "UploadPaymentReceipt", state.status, command.actorUserId, null, now));
}
function decideConfirm(state, command, now) {
  requireStatus(state, "Reserved", CRM_ERROR.notReserved);
  if (state.terms.isPaid) {
    throw crmErrors.illegal(CRM_ERROR.programPaid, "A paid booking is confirmed by confirmBookingPayment");
  }
  requireReserveWindow(state, now);
  return booked(state, now, command.actorUserId, "ConfirmBooking", null);
}
function decideConfirmPayment(state, command, now) {
  requireStatus(state, "AwaitingPayment", CRM_ERROR.notAwaitingPayment);
  if (state.paymentStatus !== "Uploaded" || state.receiptFileId === null) {
    throw crmErrors.illegal(CRM_ERROR.receiptMissing, "No payment receipt uploaded yet");
  }
  requireReserveWindow(state, now);
  return booked(state, now, command.actorUserId, "ConfirmBookingPayment", state.receiptFileId);
}
function booked(state, now, actorUserId, action, paidWithReceipt) {
  const bookingExpiresAt = new Date(now.getTime() + state.terms.bookingDurationHours * MS_PER_HOUR);
  const next = bump(state, {
    status: "Booked",
    bookingExpiresAt,
    confirmedAt: now,
    paymentStatus: paidWithReceipt === null ? state.paymentStatus : "Paid"
  });
  const confirmed = {
    topic: TOPIC.bookingConfirmed,
    payload: {
      ...eventBase(next),
      Status: "Booked",
      ConfirmedAt: now.toISOString(),
      BookingExpiresAt: bookingExpiresAt.toISOString(),
      IsPaid: state.terms.isPaid,
      ConfirmedByUserId: actorUserId
    }
  };
  const events = paidWithReceipt === null ? [confirmed] : [
    {
      topic: TOPIC.bookingPaid,
      payload: {
        ...eventBase(next),
        Status: "Booked",
        PaidAt: now.toISOString(),
        ReceiptFileId: paidWithReceipt,
        ConfirmedByUserId: actorUserId
      }
    },
    confirmed
  ];
  return {
    next,
    events,
    timeline: [timeline(next, action, state.status, actorUserId, null, now)],
    dealEffect: "none"
  };
}
function decideExtend(state, command, now) {
  const previous = requireLiveBooked(state, now);
  const bookingExpiresAt = new Date(previous.getTime() + state.terms.bookingDurationHours * MS_PER_HOUR);
  const next = bump(state, { bookingExpiresAt });
  return {
    next,
    events: [
      {
        topic: TOPIC.bookingExtended,
        payload: {
          ...eventBase(next),
          Status: "Booked",
          PreviousBookingExpiresAt: previous.toISOString(),
          BookingExpiresAt: bookingExpiresAt.toISOString(),
          ExtendedAt: now.toISOString(),
          ExtendedByUserId: command.actorUserId
        }
      }
    ],
    timeline: [timeline(next, "ExtendBooking", state.status, command.actorUserId, null, now)],
    dealEffect: "none"
  };
}
const REASON_MAX_LENGTH = TEXT_LIMITS.medium;
function decideCancel(state, command, now) {
  const reason = requireReason(command.reason);
  const from = requireActive(state);
  const next = bump(state, { status: "Cancelled", cancelReason: reason, endedAt: now });
  return {
    next,
    events: [
      {
        topic: TOPIC.bookingCancelled,
        payload: {
          ...eventBase(next),
          Status: "Cancelled",
          FromStatus: from,
          Reason: reason,
          Cause: command.cause,
          CancelledAt: now.toISOString(),
          CancelledByUserId: command.actorUserId
        }
      }
    ],
    timeline: [timeline(next, "CancelBooking", from, command.actorUserId, reason, now)],
    dealEffect: command.cause === "DealCancelled" ? "none" : "bookingEndedWithoutSale"
  };
}
function decideExpire(state, now) {
  const from = requireActive(state);
  const deadline = dueAt(state);
  if (deadline === null || now.getTime() <= deadline.getTime()) {
    throw crmErrors.illegal(CRM_ERROR.notDue, `Booking ${state.id} is not due yet`, {
      dueAt: deadline?.toISOString()
    });
  }
  const phase = from === "Booked" ? "Booking" : "Reserve";
  const status = phase === "Booking" ? "BookingExpired" : "ReserveExpired";
  const next = bump(state, { status, endedAt: now });
  return {
    next,
    events: [
      {
        topic: TOPIC.bookingExpired,
        payload: {
          ...eventBase(next),
          Status: phase === "Booking" ? "BookingExpired" : "ReserveExpired",
          Phase: phase,
          FromStatus: from,
          ExpiresAt: deadline.toISOString(),
          ExpiredAt: now.toISOString()
        }
      }
    ],
    timeline: [timeline(next, "ExpireBooking", from, SYSTEM_ACTOR, `${phase} deadline passed`, now)],
    dealEffect: "bookingEndedWithoutSale"
  };
}
function decideStartSale(state, command, now) {
  requireLiveBooked(state, now);
  const next = bump(state, { status: "Completed", endedAt: now });
  return {
    next,
    events: [
      {
        topic: TOPIC.dealSaleStarted,
        payload: {
          ...eventBase(next),
          Status: "Completed",
          SoldAt: now.toISOString(),
          StartedByUserId: command.actorUserId
        }
      }
    ],
    timeline: [timeline(next, "StartSale", state.status, command.actorUserId, null, now)],
    dealEffect: "saleStarted"
  };
}
function requireActive(state) {
  if (!isActiveBookingStatus(state.status)) {
    throw crmErrors.illegal(CRM_ERROR.notActive, `Booking ${state.id} is ${state.status} (terminal)`, {
      status: state.status
    });
  }
  return state.status;
}
function requireStatus(state, status, code) {
  requireActive(state);
  if (state.status !== status) {
    throw crmErrors.illegal(code, `Booking ${state.id} is ${state.status}, expected ${status}`, {
      status: state.status
    });
  }
}
function requireReserveWindow(state, now) {
  if (now.getTime() > state.reserveExpiresAt.getTime()) {
    throw crmErrors.illegal(CRM_ERROR.reserveExpired, `The reserve of booking ${state.id} has expired`, {
      reserveExpiresAt: state.reserveExpiresAt.toISOString()
    });
  }
}
function requireLiveBooked(state, now) {
  if (state.status !== "Booked") {
    requireActive(state);
    throw crmErrors.illegal(CRM_ERROR.notBooked, `Booking ${state.id} is ${state.status}, expected Booked`, {
      status: state.status
    });
  }
  const deadline = state.bookingExpiresAt;
  if (deadline === null || now.getTime() > deadline.getTime()) {
    throw crmErrors.illegal(CRM_ERROR.bookingPeriodExpired, `The booking window of ${state.id} has passed`, {
      bookingExpiresAt: deadline?.toISOString()
    });
  }
  return deadline;
}
function requireReason(raw) {
  const reason = raw.trim();
  if (reason === "") throw crmErrors.invalid(CRM_ERROR.reasonRequired, "Give a reason for the cancellation");
  if (textProblem(reason, { max: REASON_MAX_LENGTH, multiline: true }))
    throw crmErrors.invalid(
      CRM_ERROR.reasonTooLong,
      `The reason must be at most ${REASON_MAX_LENGTH} characters of plain text`
    );
  return reason;
}
function requireFileId(fileId) {
  if (fileId.trim() === "") throw crmErrors.invalid(CRM_ERROR.fileIdRequired, "A file id is required");
}
function bump(state, changes) {
  return { ...state, ...changes, version: state.version + 1 };
}
function quiet(next, entry) {
  return { next, events: [], timeline: [entry], dealEffect: "none" };
}
function eventBase(booking) {
  return {
    BookingId: booking.id,
    DealId: booking.dealId,
    PropertyObjectId: booking.propertyObjectId,
    TenantId: booking.tenantId,
    Version: booking.version
  };
}
function timeline(next, action, from, actorUserId, reason, at) {
  return {
    entity: "Booking",
    dealId: next.dealId,
    bookingId: next.id,
    action,
    fromStatus: from,
    toStatus: next.status,
    actorUserId,
    reason,
    at
  };
}
export {
  REASON_MAX_LENGTH,
  decideBooking,
  dueAt,
  requireReason
};
//# sourceMappingURL=booking.decide.js.map
