import type { Tx } from "../../../platform/db/prisma-client.js";
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

/** The terms a new booking snapshots: the named programme of the tenant, else its default one. */
export async function resolveProgramTerms(
  tx: Tx,
  tenantId: string,
  programId: string | null,
): Promise<ProgramTerms> {
  const row = programId
    ? await tx.crmBookingProgram.findFirst({ where: { id: programId, tenantId } })
    : await tx.crmBookingProgram.findFirst({ where: { tenantId, isDefault: true } });
  if (!row) {
    if (programId) {
      throw crmErrors.illegal(
        CRM_ERROR.programNotFound,
        `Booking programme ${programId} not found for the developer`,
      );
    }
    return DEFAULT_PROGRAM_TERMS;
  }
  return {
    reserveDurationMinutes: row.reserveDurationMinutes,
    bookingDurationHours: row.bookingDurationHours,
    isPaid: row.isPaid,
  };
}
