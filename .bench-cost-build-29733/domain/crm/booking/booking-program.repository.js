import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import {
  DEFAULT_BOOKING_DURATION_HOURS,
  DEFAULT_RESERVE_DURATION_MINUTES
} from "./booking.types.js";
const DEFAULT_PROGRAM_TERMS = {
  reserveDurationMinutes: DEFAULT_RESERVE_DURATION_MINUTES,
  bookingDurationHours: DEFAULT_BOOKING_DURATION_HOURS,
  isPaid: false
};
function programTermsOf(program, programId) {
  if (program) return program;
  if (programId) {
    throw crmErrors.illegal(
      CRM_ERROR.programNotFound,
      `Booking programme ${programId} not found for the developer`
    );
  }
  return DEFAULT_PROGRAM_TERMS;
}
export {
  DEFAULT_PROGRAM_TERMS,
  programTermsOf
};
//# sourceMappingURL=booking-program.repository.js.map
