import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError
} from "../../platform/errors/domain-error.js";
const CRM_ERROR = {
  bookingNotFound: "CRM_BOOKING_NOT_FOUND",
  dealNotFound: "CRM_DEAL_NOT_FOUND",
  dealNotEngaged: "CRM_DEAL_NOT_ENGAGED",
  dealNotDraft: "CRM_DEAL_NOT_DRAFT",
  dealNotActive: "CRM_DEAL_NOT_ACTIVE",
  dealHasActiveBooking: "CRM_DEAL_HAS_ACTIVE_BOOKING",
  dealParticipantsMissing: "CRM_DEAL_PARTICIPANTS_MISSING",
  dealTitleInvalid: "CRM_DEAL_TITLE_INVALID",
  dealSeatTaken: "CRM_DEAL_SEAT_NOT_YOURS",
  developerUnknown: "CRM_DEVELOPER_UNKNOWN",
  developerInactive: "CRM_DEVELOPER_INACTIVE",
  propertyObjectBusy: "CRM_BOOKING_PROPERTY_OBJECT_BUSY",
  propertyObjectUnknown: "CRM_PROPERTY_OBJECT_UNKNOWN",
  propertyObjectNotFree: "CRM_PROPERTY_OBJECT_NOT_FREE",
  propertyObjectOtherDeveloper: "CRM_PROPERTY_OBJECT_OTHER_DEVELOPER",
  programNotFound: "CRM_BOOKING_PROGRAM_NOT_FOUND",
  reserveExpired: "CRM_BOOKING_RESERVE_EXPIRED",
  bookingPeriodExpired: "CRM_BOOKING_BOOKING_EXPIRED",
  receiptMissing: "CRM_BOOKING_RECEIPT_MISSING",
  notReserved: "CRM_BOOKING_NOT_RESERVED",
  notAwaitingPayment: "CRM_BOOKING_NOT_AWAITING_PAYMENT",
  notBooked: "CRM_BOOKING_NOT_BOOKED",
  notActive: "CRM_BOOKING_NOT_ACTIVE",
  notDue: "CRM_BOOKING_NOT_DUE",
  programNotPaid: "CRM_BOOKING_PROGRAM_NOT_PAID",
  programPaid: "CRM_BOOKING_PROGRAM_PAID",
  reasonRequired: "CRM_REASON_REQUIRED",
  reasonTooLong: "CRM_REASON_TOO_LONG",
  fileIdRequired: "CRM_FILE_ID_REQUIRED",
  concurrentModification: "CRM_CONCURRENT_MODIFICATION",
  forbidden: "CRM_FORBIDDEN",
  invalidCursor: "CRM_INVALID_CURSOR"
};
const CRM_ERROR_DOCS = {
  CRM_BOOKING_NOT_FOUND: "No booking with this id (or it is not visible to you).",
  CRM_DEAL_NOT_FOUND: "No deal with this id (or it is not visible to you).",
  CRM_DEAL_NOT_ENGAGED: "INV-BKG-2: a booking starts only for a deal in Application or Booking (developer engaged).",
  CRM_DEAL_NOT_DRAFT: "engageDeveloper works only on a Draft deal.",
  CRM_DEAL_NOT_ACTIVE: "The deal is already in Sale or Cancelled (cancelDeal, createBooking and other commands on a finished deal).",
  CRM_DEAL_HAS_ACTIVE_BOOKING: "The deal already has an active booking (at most one per deal).",
  CRM_DEAL_PARTICIPANTS_MISSING: "A deal needs an agent or an investor.",
  CRM_DEAL_TITLE_INVALID: "A deal title must be 1\u2013200 characters after trimming.",
  CRM_DEAL_SEAT_NOT_YOURS: "An agent (investor) creating a deal takes the agent (investor) seat; naming another user there is refused.",
  CRM_DEVELOPER_UNKNOWN: "crm has not seen this developer from chessboard (or it does not exist).",
  CRM_DEVELOPER_INACTIVE: "The developer is Inactive in chessboard; a deal cannot engage it.",
  CRM_BOOKING_PROPERTY_OBJECT_BUSY: "INV-BKG-001: the property object already has an active booking.",
  CRM_PROPERTY_OBJECT_UNKNOWN: "crm has not seen this property object from chessboard.",
  CRM_PROPERTY_OBJECT_NOT_FREE: "The property object is not Free in crm's replica of chessboard.",
  CRM_PROPERTY_OBJECT_OTHER_DEVELOPER: "The property object belongs to another developer than the deal's.",
  CRM_BOOKING_PROGRAM_NOT_FOUND: "No booking programme with this id for the deal's developer.",
  CRM_BOOKING_RESERVE_EXPIRED: "INV-BKG-3: the reserve window (ReserveExpiresAt) has passed.",
  CRM_BOOKING_BOOKING_EXPIRED: "The booking window (BookingExpiresAt) has passed; the booking is due to expire.",
  CRM_BOOKING_RECEIPT_MISSING: "INV-BKG-4: confirm the payment only after a receipt was uploaded.",
  CRM_BOOKING_NOT_RESERVED: "The command needs a booking in Reserved.",
  CRM_BOOKING_NOT_AWAITING_PAYMENT: "The command needs a booking in AwaitingPayment.",
  CRM_BOOKING_NOT_BOOKED: "INV-BKG-6/7: extendBooking and startSale need a booking in Booked.",
  CRM_BOOKING_NOT_ACTIVE: "INV-BKG-8: the booking is terminal (Completed, expired or Cancelled) and immutable.",
  CRM_BOOKING_NOT_DUE: "The booking's deadline has not passed; nothing to expire.",
  CRM_BOOKING_PROGRAM_NOT_PAID: "The free programme has no contract/receipt/payment steps; use confirmBooking.",
  CRM_BOOKING_PROGRAM_PAID: "The paid programme is confirmed by confirmBookingPayment, not confirmBooking.",
  CRM_REASON_REQUIRED: "Cancellation needs a non-empty reason.",
  CRM_REASON_TOO_LONG: "The reason is longer than 1000 characters (the booking-cancelled contract's limit) or holds control characters.",
  CRM_FILE_ID_REQUIRED: "A file id (contract or receipt reference) is required.",
  CRM_CONCURRENT_MODIFICATION: "Another change to the same booking or deal won; re-read and retry.",
  CRM_FORBIDDEN: "Your role or relation to the deal does not allow this command (see the role matrix).",
  CRM_INVALID_CURSOR: "The bookings cursor (after/before) is malformed or the page size is negative."
};
const crmErrors = {
  bookingNotFound: (bookingId) => new NotFoundError(CRM_ERROR.bookingNotFound, `Booking ${bookingId} not found`, { bookingId }),
  dealNotFound: (dealId) => new NotFoundError(CRM_ERROR.dealNotFound, `Deal ${dealId} not found`, { dealId }),
  illegal: (code, message, details = {}) => new IllegalStateError(code, message, details),
  invalid: (code, message, details = {}) => new ValidationError(code, message, details),
  conflict: (code, message, details = {}) => new ConflictError(code, message, details),
  forbidden: (command) => new ForbiddenError(CRM_ERROR.forbidden, `You may not ${command} here (see the crm role matrix)`, {
    command
  }),
  concurrent: (what, id) => new ConflictError(
    CRM_ERROR.concurrentModification,
    `${what} ${id} was changed concurrently; re-read and retry`,
    {
      id
    }
  )
};
export {
  CRM_ERROR,
  CRM_ERROR_DOCS,
  crmErrors
};
//# sourceMappingURL=crm.errors.js.map
