import { Prisma } from "../../../../generated/prisma/client.js";
import type { Db } from "../../../db/prisma-client.js";
import { CLAIM_WINDOW } from "./claim-shards.js";

/**
 * The shards that have unpublished rows, each once (decision 0515): one read of the unpublished
 * rows through the partial index `outbox_unpublished_idx`, so a relay pass opens a claim
 * transaction only where there is something to claim. A hint, not a claim: the shard's
 * try-lock and claim still decide (a row committed after this read comes with a commit signal).
 * Among the CLAIM_WINDOW oldest unpublished rows, as the claim looks (claim-shards.ts).
 */
export async function shardsWithUnpublished(db: Db, shards: number): Promise<ShardHint> {
  const rows = await db.$queryRaw<Array<{ shards: number[] | null; seen: number }>>(
    shardsWithUnpublishedSql(shards),
  );
  return { shards: rows[0]?.shards ?? [], windowFull: (rows[0]?.seen ?? 0) >= CLAIM_WINDOW };
}

export interface ShardHint {
  /** Each shard with an unpublished row among the oldest CLAIM_WINDOW, once */
  readonly shards: number[];
  /** The window was full: more unpublished rows may wait beyond it */
  readonly windowFull: boolean;
}

/**
 * The hint's statement (tested: outbox-plans.int.test.ts): a function that walks the partial index
 * in id order whatever the statistics say (decision 0622), like the claim. array_agg(DISTINCT): a
 * sort of the few rows read.
 */
export function shardsWithUnpublishedSql(shards: number): Prisma.Sql {
  return Prisma.sql`
    SELECT found AS shards, seen FROM platform.outbox_unpublished_shards(${shards}::int, ${CLAIM_WINDOW}::int)`;
}
