import type { VersionedTable } from "../command/versioned-columns.js";
import type { Booking } from "./booking.types.js";

/**
 * The Booking aggregate's changeable columns, described once (issue #41): the single write
 * (booking-decision.writer.ts), the batch write (booking-batch.writer.ts), the INSERT
 * (booking.repository.ts) and the raw reads (BOOKING_COLUMNS) all derive from this map. A new
 * changeable column is one line here plus its migration (the compiler then asks for the field on
 * `Booking` and in `bookingFromRow`). `updated_at` and `version` are written by every versioned write.
 */
export const BOOKING_TABLE: VersionedTable<Booking> = {
  table: "crm.bookings",
  changeable: {
    status: { column: "status", type: "text" },
    reserveExpiresAt: { column: "reserve_expires_at", type: "timestamptz" },
    bookingExpiresAt: { column: "booking_expires_at", type: "timestamptz" },
    paymentStatus: { column: "payment_status", type: "text" },
    contractFileId: { column: "contract_file_id", type: "text" },
    receiptFileId: { column: "receipt_file_id", type: "text" },
    cancelReason: { column: "cancel_reason", type: "text" },
    confirmedAt: { column: "confirmed_at", type: "timestamptz" },
    endedAt: { column: "ended_at", type: "timestamptz" },
  },
};
