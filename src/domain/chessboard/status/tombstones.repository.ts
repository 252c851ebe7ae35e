import type { RawTx } from "../../../platform/db/raw-tx.js";
import type { Tombstone } from "./hold-change.decide.js";

/** Tombstones only grow (GREATEST), so a late lower-Version release never weakens the guard. */
export async function saveTombstone(
  tx: RawTx,
  propertyObjectId: string,
  tombstone: Tombstone,
  at: Date,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO chessboard.finished_bookings (property_object_id, booking_id, deal_id, last_version, outcome, finished_at)
    VALUES (${propertyObjectId}::uuid, ${tombstone.bookingId}::uuid, ${tombstone.dealId}::uuid,
            ${tombstone.lastVersion}, ${tombstone.outcome}, ${at})
    ON CONFLICT (property_object_id, booking_id) DO UPDATE
      SET last_version = GREATEST(chessboard.finished_bookings.last_version, EXCLUDED.last_version),
          outcome = CASE WHEN EXCLUDED.last_version > chessboard.finished_bookings.last_version
                         THEN EXCLUDED.outcome ELSE chessboard.finished_bookings.outcome END,
          finished_at = CASE WHEN EXCLUDED.last_version > chessboard.finished_bookings.last_version
                         THEN EXCLUDED.finished_at ELSE chessboard.finished_bookings.finished_at END`;
}
