/**
 * E/F's write, set-based: every lot's merged status/price changes of a batch (lot-change.fold.ts)
 * in ONE statement — the new snapshot and the storefront fields derived from it (the recompute's
 * rules, derived-lot-columns.ts) written together, one row version per lot per batch (decision 0512).
 */
import { Prisma } from "../../../../generated/prisma/client.js";
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { ConcurrencyConflictError } from "../../../../platform/errors/concurrency-conflict.js";
import type { LotCardMove } from "../../cards/project-aggregate-moves.js";
import { DERIVED_LOT_SET, derivedLotColumns, derivedLotJoins } from "../../cards/sql/derived-lot-columns.js";
import type { CardStatus } from "../../vocabulary/card-vocabulary.js";
import type { LotChangeWrite } from "./lot-change.fold.js";

/** What the storefront shows of a lot after the write (for the zero-price warning and the logs). */
export interface LotChangeOutcomeRow {
  readonly status: CardStatus;
  readonly price: string;
  /** The card before and after, as the project aggregates see it (project-aggregate-moves.ts) */
  readonly move: LotCardMove;
}

interface WrittenRow {
  id: string;
  project_id: string;
  status: CardStatus;
  price: string;
  object_status: string;
  old_status: string;
  old_object_status: string;
  dates_moved: boolean;
}

/**
 * Optimistic like the writes it replaces: a row whose row_version moved since it was read is not
 * written, and the whole call is a conflict. PublishedAt is set (if unset) to the first change
 * after which the lot was visible: the fold's candidate for the lot's price source, when the
 * project and the overrides let it be visible at all.
 */
export async function writeLotChanges(
  tx: RawTx,
  rows: readonly LotChangeWrite[],
  now: Date,
): Promise<Map<string, LotChangeOutcomeRow>> {
  if (rows.length === 0) return new Map();
  const newStatus = Prisma.sql`COALESCE(t.status, l.property_object_status)`;
  const newPrice = Prisma.sql`COALESCE(t.price, l.source_price)`;
  const written = await tx.$queryRaw<WrittenRow[]>`
    WITH t AS (
      SELECT * FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.expectedRowVersion)}::int[],
                           ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.price)}::numeric[],
                           ${rows.map((r) => r.version)}::bigint[], ${rows.map((r) => r.eventTime)}::timestamptz[],
                           ${rows.map((r) => r.visibleAt)}::timestamptz[],
                           ${rows.map((r) => r.visibleWithOverrideAt)}::timestamptz[])
        AS t(id, row_version, status, price, version, event_time, visible_at, visible_with_override_at)
    ), calc AS (
      SELECT l.id, t.row_version AS expected_row_version, t.version, t.event_time,
        l.status AS old_status, l.property_object_status AS old_object_status,
        l.delivery_date AS old_delivery_date, l.readiness_percent AS old_readiness_percent,
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
    RETURNING l.id::text, l.project_id::text, l.status, l.price::text, l.property_object_status AS object_status,
      c.old_status, c.old_object_status,
      (l.delivery_date IS DISTINCT FROM c.old_delivery_date
        OR l.readiness_percent IS DISTINCT FROM c.old_readiness_percent) AS dates_moved`;
  if (written.length !== rows.length) {
    throw new ConcurrencyConflictError(
      `${rows.length - written.length} of ${rows.length} lot cards changed concurrently`,
    );
  }
  return new Map(written.map((r) => [r.id, outcomeRow(r)]));
}

function outcomeRow(r: WrittenRow): LotChangeOutcomeRow {
  return {
    status: r.status,
    price: r.price,
    move: {
      projectId: r.project_id,
      before: { status: r.old_status, objectStatus: r.old_object_status },
      after: { status: r.status, objectStatus: r.object_status },
      datesMoved: r.dates_moved,
    },
  };
}
