import { NotFoundError, ValidationError } from "../../platform/errors/domain-error.js";
const NOTIFICATIONS_ERROR = {
  participantsNotFound: "NOTIFICATIONS_DEAL_PARTICIPANTS_NOT_FOUND",
  invalidId: "NOTIFICATIONS_INVALID_ID",
  invalidPage: "NOTIFICATIONS_INVALID_PAGE",
  invalidMark: "NOTIFICATIONS_INVALID_MARK",
  contractFieldMissing: "NOTIFICATIONS_CONTRACT_FIELD_MISSING",
  liveOverflow: "NOTIFICATIONS_LIVE_OVERFLOW",
  resumeTooFar: "NOTIFICATIONS_RESUME_TOO_FAR",
  liveUnavailable: "NOTIFICATIONS_LIVE_UNAVAILABLE"
};
const NOTIFICATIONS_ERROR_DOCS = {
  NOTIFICATIONS_DEAL_PARTICIPANTS_NOT_FOUND: "Consumer: a booking event for a deal whose booking-created was not seen yet; retried (parked), then DLQ.",
  NOTIFICATIONS_INVALID_ID: "A notification id is not a positive integer, or a cursor is malformed.",
  NOTIFICATIONS_INVALID_PAGE: "Page size out of range (1\u2013100).",
  NOTIFICATIONS_INVALID_MARK: "markNotificationsRead needs either ids (1\u2013100 of them) or all: true, not both.",
  NOTIFICATIONS_CONTRACT_FIELD_MISSING: "A booking-created event lacks DealAgentUserId/DealInvestorUserId (written before decision 0120): DLQ.",
  NOTIFICATIONS_LIVE_OVERFLOW: "The subscriber fell more than 1,000 notifications behind; resubscribe with the last id seen.",
  NOTIFICATIONS_RESUME_TOO_FAR: "More than 1,000 notifications were missed; page them with notifications(), then resubscribe.",
  NOTIFICATIONS_LIVE_UNAVAILABLE: "This API instance runs without live notifications (no broadcast consumer)."
};
const notificationsErrors = {
  participantsNotFound: (dealId) => new NotFoundError(NOTIFICATIONS_ERROR.participantsNotFound, `No participants known for deal ${dealId}`, {
    dealId
  }),
  invalidId: (what, value) => new ValidationError(NOTIFICATIONS_ERROR.invalidId, `Malformed ${what}`, { [what]: value.slice(0, 100) }),
  invalidPage: (max) => new ValidationError(NOTIFICATIONS_ERROR.invalidPage, `Page size must be between 1 and ${max}`, { max }),
  invalidMark: (message) => new ValidationError(NOTIFICATIONS_ERROR.invalidMark, message),
  contractFieldMissing: (field) => new ValidationError(NOTIFICATIONS_ERROR.contractFieldMissing, `booking-created lacks ${field}`, {
    field
  })
};
export {
  NOTIFICATIONS_ERROR,
  NOTIFICATIONS_ERROR_DOCS,
  notificationsErrors
};
//# sourceMappingURL=notifications.errors.js.map
