import { Prisma } from "../../../../generated/prisma/client.js";
import { ConcurrencyConflictError } from "../../../../platform/errors/concurrency-conflict.js";
import { DERIVED_LOT_SET, derivedLotColumns, derivedLotJoins } from "../../cards/sql/derived-lot-columns.js";
async function writeLotChanges(tx, rows, now) {
  if (rows.length === 0) return /* @__PURE__ */ new Map();
  const newStatus = Prisma.sql`COALESCE(t.status, l.property_object_status)`;
  const newPrice = Prisma.sql`COALESCE(t.price, l.source_price)`;
  const written = await tx.$queryRaw`
    WITH t AS (
      SELECT * FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.expectedRowVersion)}::int[],
                           ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.price)}::numeric[],
                           ${rows.map((r) => r.version)}::bigint[], ${rows.map((r) => r.eventTime)}::timestamptz[],
                           ${rows.map((r) => r.visibleAt)}::timestamptz[],
                           ${rows.map((r) => r.visibleWithOverrideAt)}::timestamptz[])
        AS t(id, row_version, status, price, version, event_time, visible_at, visible_with_override_at)
    ), calc AS (
      SELECT l.id, t.row_version AS expected_row_version, t.version, t.event_time,
        ${newStatus} AS new_object_status, ${newPrice} AS new_source_price,
        CASE WHEN p.status = 'Published' AND COALESCE(po.is_visible, true) AND COALESCE(bo.is_visible, true)
               AND (po.price IS NULL OR po.price > 0)
             THEN CASE WHEN po.price IS NULL THEN t.visible_at ELSE t.visible_with_override_at END
        END AS stamp,
${derivedLotColumns({ propertyObjectStatus: newStatus, sourcePrice: newPrice })}
      FROM t
      JOIN catalog.property_object_cards l ON l.id = t.id
      ${derivedLotJoins(now)}
    )
    UPDATE catalog.property_object_cards l SET
      property_object_status = c.new_object_status, source_price = c.new_source_price,
      chessboard_version = c.version, chessboard_synced_at = c.event_time,
      ${DERIVED_LOT_SET},
      published_at = COALESCE(l.published_at, c.stamp),
      row_version = l.row_version + 1, updated_at = ${now}
    FROM calc c
    WHERE l.id = c.id AND l.row_version = c.expected_row_version
    RETURNING l.id::text, l.status, l.price::text`;
  if (written.length !== rows.length) {
    throw new ConcurrencyConflictError(
      `${rows.length - written.length} of ${rows.length} lot cards changed concurrently`
    );
  }
  return new Map(written.map((r) => [r.id, { status: r.status, price: r.price }]));
}
export {
  writeLotChanges
};
//# sourceMappingURL=lot-changes.writer.js.map
