import type { SqlRunner } from "../../../db/sql-runner.js";
import { type DedupKey, packKeys } from "../dedup-key.js";
import { KEYS_CTE } from "./keys-cte.js";

const UNMARK = `WITH ${KEYS_CTE}
DELETE FROM platform.processed_messages WHERE dedup_hash IN (SELECT h FROM w)`;

/** Takes back the dedup marks of messages whose handler failed in this batch. */
export async function unmarkProcessed(runner: SqlRunner, keys: readonly DedupKey[]): Promise<void> {
  if (keys.length === 0) return;
  await runner.execute(UNMARK, [packKeys(keys), keys.length]);
}
