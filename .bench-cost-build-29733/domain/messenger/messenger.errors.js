import { NotFoundError, ValidationError } from "../../platform/errors/domain-error.js";
const MESSENGER_ERROR = {
  chatNotFound: "MESSENGER_CHAT_NOT_FOUND",
  invalidId: "MESSENGER_INVALID_ID",
  messageEmpty: "MESSENGER_MESSAGE_EMPTY",
  messageTooLong: "MESSENGER_MESSAGE_TOO_LONG",
  invalidPage: "MESSENGER_INVALID_PAGE",
  contractFieldMissing: "MESSENGER_CONTRACT_FIELD_MISSING",
  liveOverflow: "MESSENGER_LIVE_OVERFLOW",
  resumeTooFar: "MESSENGER_RESUME_TOO_FAR",
  liveUnavailable: "MESSENGER_LIVE_UNAVAILABLE"
};
const MESSENGER_ERROR_DOCS = {
  MESSENGER_CHAT_NOT_FOUND: "No chat for this deal, or you are not one of its members (agent, investor, the developer's managers, PIN staff). The chat opens with the deal's first booking. In the consumer: retried (parked), then DLQ.",
  MESSENGER_INVALID_ID: "A deal id is not a uuid, or a message id is not a positive integer.",
  MESSENGER_MESSAGE_EMPTY: "The message text is empty after trimming.",
  MESSENGER_MESSAGE_TOO_LONG: "The message text is longer than 4000 characters.",
  MESSENGER_INVALID_PAGE: "Page size out of range (1\u2013100).",
  MESSENGER_CONTRACT_FIELD_MISSING: "A booking-created event lacks DealAgentUserId/DealInvestorUserId (written before decision 0120): DLQ.",
  MESSENGER_LIVE_OVERFLOW: "The subscriber fell more than 1,000 messages behind; resubscribe with the last message id seen.",
  MESSENGER_RESUME_TOO_FAR: "More than 1,000 messages were missed; load them with dealChat, then resubscribe from the newest.",
  MESSENGER_LIVE_UNAVAILABLE: "This API instance runs without live chats (no broadcast consumer)."
};
const messengerErrors = {
  chatNotFound: (dealId) => new NotFoundError(MESSENGER_ERROR.chatNotFound, `No deal chat ${dealId} visible to you`, { dealId }),
  invalidId: (what, value) => new ValidationError(MESSENGER_ERROR.invalidId, `Malformed ${what}`, { [what]: value.slice(0, 100) }),
  messageEmpty: () => new ValidationError(MESSENGER_ERROR.messageEmpty, "The message is empty"),
  messageTooLong: (max, length) => new ValidationError(MESSENGER_ERROR.messageTooLong, `The message is longer than ${max} characters`, {
    max,
    length
  }),
  invalidPage: (max) => new ValidationError(MESSENGER_ERROR.invalidPage, `Page size must be between 1 and ${max}`, { max }),
  contractFieldMissing: (field) => new ValidationError(MESSENGER_ERROR.contractFieldMissing, `booking-created lacks ${field}`, { field })
};
export {
  MESSENGER_ERROR,
  MESSENGER_ERROR_DOCS,
  messengerErrors
};
//# sourceMappingURL=messenger.errors.js.map
