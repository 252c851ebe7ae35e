/**
 * B. DeveloperUpserted's writes: the rename on every card of the developer, set-based (projects
 * in one UPDATE, lots in keyset batches of LOT_BATCH_SIZE), no entity loaded.
 */
import type { RawTx } from "../../../../platform/db/raw-tx.js";
import { LOT_BATCH_SIZE } from "../../cards/recompute-cards.js";

/** B. DeveloperUpserted: batch rename on the developer's project cards (lots: renameDeveloperOnLots). */
export async function renameDeveloperOnProjects(
  tx: RawTx,
  developerId: string,
  name: string,
  logoFileId: string | null,
  now: Date,
): Promise<number> {
  return tx.$executeRaw`
    UPDATE catalog.project_cards SET developer_name = ${name}, developer_logo_file_id = ${logoFileId}::uuid,
      row_version = row_version + 1, updated_at = ${now}
    WHERE developer_id = ${developerId}::uuid
      AND (developer_name, developer_logo_file_id) IS DISTINCT FROM (${name}, ${logoFileId}::uuid)`;
}

/** B. DeveloperUpserted: DeveloperName on the developer's lots, in batches of 500 (keyset by id). */
export async function renameDeveloperOnLots(
  tx: RawTx,
  developerId: string,
  name: string,
  now: Date,
  onBatch: () => Promise<void>,
): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let total = 0;
  for (;;) {
    const [row] = await tx.$queryRaw<Array<{ last_id: string | null; n: bigint; changed: bigint }>>`
      WITH batch AS (
        SELECT id FROM catalog.property_object_cards
        WHERE developer_id = ${developerId}::uuid AND id > ${after}::uuid ORDER BY id LIMIT ${LOT_BATCH_SIZE}
      ), upd AS (
        UPDATE catalog.property_object_cards l SET developer_name = ${name}, row_version = l.row_version + 1,
          updated_at = ${now}
        FROM batch b WHERE l.id = b.id AND l.developer_name IS DISTINCT FROM ${name}
        RETURNING 1
      )
      SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last_id,
             (SELECT count(*) FROM batch) AS n, (SELECT count(*) FROM upd) AS changed`;
    const n = Number(row?.n ?? 0);
    total += Number(row?.changed ?? 0);
    if (n < LOT_BATCH_SIZE) break;
    after = row?.last_id as string;
    await onBatch();
  }
  return total;
}
