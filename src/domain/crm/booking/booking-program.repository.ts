import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import {
  DEFAULT_BOOKING_DURATION_HOURS,
  DEFAULT_RESERVE_DURATION_MINUTES,
  type ProgramTerms,
} from "./booking.types.js";

/** A developer without a configured programme books on the free default terms (decision 0042). */
export const DEFAULT_PROGRAM_TERMS: ProgramTerms = {
  reserveDurationMinutes: DEFAULT_RESERVE_DURATION_MINUTES,
  bookingDurationHours: DEFAULT_BOOKING_DURATION_HOURS,
  isPaid: false,
};

/**
 * The terms a new booking snapshots: the named programme of the tenant, else its default one
 * (`program` is what the read found for that choice), else the free default terms. A named
 * programme that does not exist for the developer is refused. Pure; the read is
 * `loadCreateBookingContext`.
 */
export function programTermsOf(program: ProgramTerms | null, programId: string | null): ProgramTerms {
  if (program) return program;
  if (programId) {
    throw crmErrors.illegal(
      CRM_ERROR.programNotFound,
      `Booking programme ${programId} not found for the developer`,
    );
  }
  return DEFAULT_PROGRAM_TERMS;
}
