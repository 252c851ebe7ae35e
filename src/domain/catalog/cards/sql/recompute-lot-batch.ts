import { Prisma } from "../../../../generated/prisma/client.js";
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import {
  DERIVED_LOT_DIFFERS,
  DERIVED_LOT_SET,
  derivedLotColumns,
  derivedLotJoins,
} from "./derived-lot-columns.js";

export type LotScope =
  | { readonly projectId: string }
  | { readonly buildingId: string }
  | { readonly propertyObjectIds: readonly string[] }
  /** Lots each with its own PublishedAt stamp (the event that changed it, in a set-based flow) */
  | { readonly lots: ReadonlyArray<{ readonly id: string; readonly publishedAt: Date }> };

/** The next keyset batch of the scope's lot ids, each with the PublishedAt stamp it would get. */
function scopeBatch(scope: LotScope, after: string, publishedAt: Date, limit: number): Prisma.Sql {
  if ("lots" in scope) {
    const ids = scope.lots.map((l) => l.id);
    const stamps = scope.lots.map((l) => l.publishedAt);
    return Prisma.sql`
      SELECT t.id, t.stamp FROM unnest(${ids}::uuid[], ${stamps}::timestamptz[]) AS t(id, stamp)
      JOIN catalog.property_object_cards l ON l.id = t.id
      WHERE t.id > ${after}::uuid ORDER BY t.id LIMIT ${limit}`;
  }
  const filter =
    "projectId" in scope
      ? Prisma.sql`project_id = ${scope.projectId}::uuid`
      : "buildingId" in scope
        ? Prisma.sql`building_id = ${scope.buildingId}::uuid`
        : Prisma.sql`id = ANY(${scope.propertyObjectIds as string[]}::uuid[])`;
  return Prisma.sql`
    SELECT id, ${publishedAt}::timestamptz AS stamp FROM catalog.property_object_cards
    WHERE ${filter} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}`;
}

export interface LotBatchResult {
  /** The batch's last lot id (the next batch's keyset start), null when the batch was empty */
  readonly lastId: string | null;
  readonly scanned: number;
  readonly changed: number;
}

/**
 * One keyset batch of lots in scope after `after`: effective fields, visibility and the
 * denormalised project fields, written only where they change (see recompute-cards.ts).
 */
export async function recomputeLotBatch(
  tx: RawTx,
  scope: LotScope,
  after: string,
  times: { readonly now: Date; readonly publishedAt: Date },
  limit: number,
): Promise<LotBatchResult> {
  const { now, publishedAt } = times;
  const [row] = await tx.$queryRaw<Array<{ last_id: string | null; n: bigint; changed: bigint }>>`
    WITH batch AS (${scopeBatch(scope, after, publishedAt, limit)}), calc AS (
      SELECT l.id, b.stamp,
${derivedLotColumns()}
      FROM batch b
      JOIN catalog.property_object_cards l ON l.id = b.id
      ${derivedLotJoins(now)}
    ), upd AS (
      UPDATE catalog.property_object_cards l SET
        ${DERIVED_LOT_SET},
        published_at = COALESCE(l.published_at, CASE WHEN c.status = 'Published' THEN c.stamp END),
        row_version = l.row_version + 1, updated_at = ${now}
      FROM calc c
      WHERE l.id = c.id
        AND NOT (l.status = 'Delisted' AND c.status = 'Delisted')
        AND ${DERIVED_LOT_DIFFERS}
      RETURNING 1
    )
    SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last_id,
           (SELECT count(*) FROM batch) AS n,
           (SELECT count(*) FROM upd) AS changed`;
  return { lastId: row?.last_id ?? null, scanned: Number(row?.n ?? 0), changed: Number(row?.changed ?? 0) };
}
