import type pg from "pg";
import { executeAndCommit } from "../../../db/sql-runner.js";

/**
 * Marks the published rows and commits the claim's transaction, in one round trip (decision 0629).
 * The ids are written as an array literal: bigints the claim read, digits only.
 */
export async function markPublishedAndCommit(
  client: pg.ClientBase,
  ids: readonly bigint[],
  at: Date,
): Promise<void> {
  await executeAndCommit(
    client,
    "UPDATE platform.outbox SET published_at = $1 WHERE id = ANY($2::bigint[])",
    [at, `{${ids.join(",")}}`],
  );
}
