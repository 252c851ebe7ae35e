import { isDomainError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../chessboard.errors.js";
function holdMismatchCounts(attempt, retries, retriable) {
  const counts = attempt === 1 ? ["refused"] : [];
  if (!retriable || attempt > retries) counts.push("dead-lettered");
  return counts;
}
function classifyHoldMismatch(error) {
  if (error instanceof HoldMismatchError) return error.retriable ? "retriable" : "non-retriable";
  if (isDomainError(error) && error.code === CHESSBOARD_ERROR.holdMismatch) return "retriable";
  return void 0;
}
const REMEMBERED_PAIRS = 1e4;
function holdMismatchCounter(inc) {
  const seen = /* @__PURE__ */ new Set();
  return (messageId, counts, retriable) => {
    for (const count of counts) {
      const pair = `${messageId}:${count}`;
      if (seen.has(pair)) continue;
      seen.add(pair);
      if (seen.size > REMEMBERED_PAIRS) seen.delete(seen.values().next().value);
      inc(count, retriable);
    }
  };
}
export {
  classifyHoldMismatch,
  holdMismatchCounter,
  holdMismatchCounts
};
//# sourceMappingURL=hold-mismatch.js.map
