import { Prisma } from "../../../../generated/prisma/client.js";
import type { Db } from "../../../db/prisma-client.js";
import { CLAIM_WINDOW } from "./claim-shard.js";

/**
 * The shards that have unpublished rows, each once (decision 0515): one read of the unpublished
 * rows through the partial index `outbox_unpublished_idx`, so a relay pass opens a claim
 * transaction only where there is something to claim. A hint, not a claim: the shard's
 * try-lock and claim still decide (a row committed after this read comes with a commit signal).
 * Among the CLAIM_WINDOW oldest unpublished rows, as the claim looks (claim-shard.ts: the bound
 * keeps the partial index the plan after a burst skewed the statistics).
 */
export async function shardsWithUnpublished(db: Db, shards: number): Promise<number[]> {
  const rows = await db.$queryRaw<Array<{ shards: number[] | null }>>(shardsWithUnpublishedSql(shards));
  return rows[0]?.shards ?? [];
}

/**
 * The hint's statement (its plan is tested: outbox-plans.int.test.ts). array_agg(DISTINCT): a sort
 * of the few rows read, where DISTINCT sized a hash table for the whole window (0.4 ms a pass of an
 * idle outbox with skewed statistics).
 */
export function shardsWithUnpublishedSql(shards: number): Prisma.Sql {
  return Prisma.sql`
    SELECT array_agg(DISTINCT (abs(hashtext(u.key)::bigint) % ${shards})::int) AS shards
    FROM (
      SELECT key FROM platform.outbox WHERE published_at IS NULL ORDER BY id LIMIT ${CLAIM_WINDOW}
    ) u`;
}
