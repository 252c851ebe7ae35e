import {
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError
} from "../../platform/errors/domain-error.js";
const CHESSBOARD_ERROR = {
  holdMismatch: "CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH",
  propertyObjectNotFound: "CHESSBOARD_PROPERTY_OBJECT_NOT_FOUND",
  buildingNotFound: "CHESSBOARD_BUILDING_NOT_FOUND",
  projectNotFound: "CHESSBOARD_PROJECT_NOT_FOUND",
  developerNotFound: "CHESSBOARD_DEVELOPER_NOT_FOUND",
  tenantMismatch: "CHESSBOARD_BOOKING_TENANT_MISMATCH",
  onHold: "CHESSBOARD_PROPERTY_OBJECT_ON_HOLD",
  forbidden: "CHESSBOARD_FORBIDDEN",
  invalidInput: "CHESSBOARD_INVALID_INPUT",
  numberTaken: "CHESSBOARD_PROPERTY_OBJECT_NUMBER_TAKEN"
};
class HoldMismatchError extends IllegalStateError {
  constructor(message, details, retriable = true) {
    super(CHESSBOARD_ERROR.holdMismatch, message, { ...details, retriable });
    this.retriable = retriable;
  }
  retriable;
}
const notFound = (code, what, id) => new NotFoundError(code, `${what} ${id} does not exist`, { id });
const onHold = (id, status) => new IllegalStateError(
  CHESSBOARD_ERROR.onHold,
  `Property object ${id} is ${status} by a booking; wait for the booking to end`,
  { id, status }
);
const forbidden = (message) => new ForbiddenError(CHESSBOARD_ERROR.forbidden, message);
const invalid = (message, details = {}) => new ValidationError(CHESSBOARD_ERROR.invalidInput, message, details);
export {
  CHESSBOARD_ERROR,
  HoldMismatchError,
  forbidden,
  invalid,
  notFound,
  onHold
};
//# sourceMappingURL=chessboard.errors.js.map
