import {
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from "../../platform/errors/domain-error.js";

/** Stable error codes of the chessboard context (docs/engineering/chessboard.md lists them). */
export const CHESSBOARD_ERROR = {
  holdMismatch: "CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH",
  propertyObjectNotFound: "CHESSBOARD_PROPERTY_OBJECT_NOT_FOUND",
  buildingNotFound: "CHESSBOARD_BUILDING_NOT_FOUND",
  projectNotFound: "CHESSBOARD_PROJECT_NOT_FOUND",
  developerNotFound: "CHESSBOARD_DEVELOPER_NOT_FOUND",
  tenantMismatch: "CHESSBOARD_BOOKING_TENANT_MISMATCH",
  onHold: "CHESSBOARD_PROPERTY_OBJECT_ON_HOLD",
  forbidden: "CHESSBOARD_FORBIDDEN",
  invalidInput: "CHESSBOARD_INVALID_INPUT",
  numberTaken: "CHESSBOARD_PROPERTY_OBJECT_NUMBER_TAKEN",
} as const;

/**
 * INV-CHS-003. `retriable`: the other booking's release may be late, so the message is parked and
 * retried, dead-lettered when retries run out; otherwise it is dead-lettered at once.
 */
export class HoldMismatchError extends IllegalStateError<typeof CHESSBOARD_ERROR.holdMismatch> {
  constructor(
    message: string,
    details: Readonly<Record<string, unknown>>,
    readonly retriable: boolean = true,
  ) {
    super(CHESSBOARD_ERROR.holdMismatch, message, { ...details, retriable });
  }
}

export const notFound = (
  code: (typeof CHESSBOARD_ERROR)[keyof typeof CHESSBOARD_ERROR],
  what: string,
  id: string,
) => new NotFoundError(code, `${what} ${id} does not exist`, { id });

export const onHold = (id: string, status: string) =>
  new IllegalStateError(
    CHESSBOARD_ERROR.onHold,
    `Property object ${id} is ${status} by a booking; wait for the booking to end`,
    { id, status },
  );

export const forbidden = (message: string) => new ForbiddenError(CHESSBOARD_ERROR.forbidden, message);

export const invalid = (message: string, details: Readonly<Record<string, unknown>> = {}) =>
  new ValidationError(CHESSBOARD_ERROR.invalidInput, message, details);
