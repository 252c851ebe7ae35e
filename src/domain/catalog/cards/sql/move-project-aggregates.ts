import { Prisma } from "../../../../generated/prisma/client.js";
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import type { CountDelta } from "../project-aggregate-moves.js";

/**
 * The project aggregates of a status/price batch moved rather than recounted (decision 0623): the
 * counts by the batch's deltas (project-aggregate-moves.ts), MinPrice/MaxPrice over Published ∧
 * Free read at the two ends of the project's price index (`lots_project_price_idx`, Published
 * lots by price) — a few index entries where the full recompute reads every lot of the project.
 * Only a project whose values change is written (row version and times as the recompute's);
 * `calc` is materialized so the two reads run once, not again in the SET and the change guard.
 */
export async function moveProjectAggregates(
  tx: RawTx,
  deltas: ReadonlyMap<string, CountDelta>,
  times: { readonly now: Date },
): Promise<number> {
  if (deltas.size === 0) return 0;
  return tx.$executeRaw(moveProjectAggregatesSql(deltas, times));
}

/** The statement (its plan is tested: project-aggregates-plan.int.test.ts). */
export function moveProjectAggregatesSql(
  deltas: ReadonlyMap<string, CountDelta>,
  times: { readonly now: Date },
): Prisma.Sql {
  const ids = [...deltas.keys()];
  const values = [...deltas.values()];
  return Prisma.sql`
    WITH d AS (
      SELECT * FROM unnest(${ids}::uuid[], ${values.map((v) => v.total)}::int[],
                           ${values.map((v) => v.available)}::int[]) AS d(id, total, available)
    ), calc AS MATERIALIZED (
      SELECT p.id,
        p.property_objects_total + d.total AS total,
        p.property_objects_available + d.available AS available,
        (SELECT l.price FROM catalog.property_object_cards l
          WHERE l.project_id = p.id AND l.status = 'Published' AND l.property_object_status = 'Free'
            AND l.price IS NOT NULL ORDER BY l.price LIMIT 1) AS min_price,
        (SELECT l.price FROM catalog.property_object_cards l
          WHERE l.project_id = p.id AND l.status = 'Published' AND l.property_object_status = 'Free'
            AND l.price IS NOT NULL ORDER BY l.price DESC LIMIT 1) AS max_price
      FROM d JOIN catalog.project_cards p ON p.id = d.id
    )
    UPDATE catalog.project_cards p SET
      min_price = c.min_price, max_price = c.max_price,
      property_objects_total = c.total, property_objects_available = c.available,
      aggregates_recomputed_at = ${times.now}, row_version = p.row_version + 1, updated_at = ${times.now}
    FROM calc c
    WHERE p.id = c.id
      AND (p.min_price, p.max_price, p.property_objects_total, p.property_objects_available)
        IS DISTINCT FROM (c.min_price, c.max_price, c.total, c.available)`;
}
