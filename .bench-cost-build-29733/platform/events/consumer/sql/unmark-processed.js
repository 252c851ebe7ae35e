import { packKeys } from "../dedup-key.js";
import { KEYS_CTE } from "./keys-cte.js";
const UNMARK = `WITH ${KEYS_CTE}
DELETE FROM platform.processed_messages WHERE dedup_hash IN (SELECT h FROM w)`;
async function unmarkProcessed(runner, keys) {
  if (keys.length === 0) return;
  await runner.execute(UNMARK, [packKeys(keys), keys.length]);
}
export {
  unmarkProcessed
};
//# sourceMappingURL=unmark-processed.js.map
