/** E/F. PropertyObjectStatusChanged/PriceChanged's write, set-based: one UPDATE … FROM unnest per round of changes. */
import type { PropertyObjectStatus } from "../../../../contracts/chessboard-events.js";
import type { Tx } from "../../../../platform/db/prisma-client.js";
import { ConcurrencyConflictError } from "../../../../platform/errors/concurrency-conflict.js";

/** One lot's status (E) or price (F) change, checked against the row version it was decided on. */
export interface LotChangeRow {
  readonly id: string;
  readonly expectedRowVersion: number;
  /** E: the replicated status; null on a price change */
  readonly status: PropertyObjectStatus | null;
  /** F: the new snapshot price; null on a status change */
  readonly price: string | null;
  readonly version: number;
  readonly eventTime: Date;
}

/**
 * E/F for many lots in one UPDATE … FROM unnest (one change per lot: the caller runs a lot's
 * successive changes in successive calls). Optimistic like the single-row writes it replaces: a
 * row whose row_version moved since it was read is not written, and the whole call is a conflict.
 */
export async function writeLotChanges(tx: Tx, rows: readonly LotChangeRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const updated = await tx.$executeRaw`
    UPDATE catalog.property_object_cards l SET
      property_object_status = COALESCE(t.status, l.property_object_status),
      source_price = COALESCE(t.price, l.source_price),
      chessboard_version = t.version, chessboard_synced_at = t.event_time,
      row_version = l.row_version + 1, updated_at = ${now}
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.expectedRowVersion)}::int[],
                ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.price)}::numeric[],
                ${rows.map((r) => r.version)}::bigint[], ${rows.map((r) => r.eventTime)}::timestamptz[])
      AS t(id, row_version, status, price, version, event_time)
    WHERE l.id = t.id AND l.row_version = t.row_version`;
  if (updated !== rows.length) {
    throw new ConcurrencyConflictError(
      `${rows.length - updated} of ${rows.length} lot cards changed concurrently`,
    );
  }
}
