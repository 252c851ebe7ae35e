async function findTombstone(tx, propertyObjectId, bookingId) {
  const row = await tx.chessboardFinishedBooking.findUnique({
    where: { propertyObjectId_bookingId: { propertyObjectId, bookingId } }
  });
  if (!row) return null;
  return {
    bookingId: row.bookingId,
    dealId: row.dealId,
    lastVersion: row.lastVersion,
    outcome: row.outcome
  };
}
async function saveTombstone(tx, propertyObjectId, tombstone, at) {
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
export {
  findTombstone,
  saveTombstone
};
//# sourceMappingURL=tombstones.repository.js.map
