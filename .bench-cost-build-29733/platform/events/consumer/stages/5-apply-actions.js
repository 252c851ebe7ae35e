import { prismaRunner } from "../../../db/sql-runner.js";
import { assertNever } from "../../../errors/domain-error.js";
import { writeDeadLetter } from "../dead-letter.js";
import { park } from "../sql/park.js";
import { rescheduleParked } from "../sql/reschedule-parked.js";
import { unpark } from "../sql/unpark.js";
import { DUPLICATE, PARKED_BEHIND } from "./types.js";
const RESULT = {
  handled: null,
  duplicate: DUPLICATE,
  "parked-behind": PARKED_BEHIND,
  parked: "parked",
  "dead-lettered": "dead-lettered",
  skipped: "skipped"
};
function settle(size, admitted, verdicts, opts) {
  const { retry, stopAt } = opts;
  const results = new Array(size).fill("unhandled");
  const actions = [];
  const successes = [];
  const handledWaitKeys = /* @__PURE__ */ new Set();
  const add = (index, action) => {
    if (index < stopAt) actions.push({ index, action });
  };
  if (retry) for (const index of admitted.unhandled) add(index, { kind: "unpark" });
  for (const r of admitted.refused) {
    if (opts.skipInvalid) {
      results[r.index] = "skipped";
      if (retry) add(r.index, { kind: "unpark" });
    } else {
      results[r.index] = "dead-lettered";
      const attempts = opts.priorFailures + 1;
      add(r.index, { kind: "dead-letter", message: r.message, code: r.code, reason: r.reason, attempts });
    }
  }
  actions.sort((a, b) => a.index - b.index);
  for (const v of verdicts) {
    const { item } = v;
    if (item.index >= stopAt) continue;
    const result = v.kind === "handled" ? v.result : RESULT[v.kind];
    results[item.index] = result;
    const message = item.message;
    switch (v.kind) {
      case "handled":
        if (item.waitKey !== null) handledWaitKeys.add(item.waitKey);
        successes.push({ item, result });
        if (retry) add(item.index, { kind: "unpark" });
        break;
      case "duplicate":
        successes.push({ item, result });
        if (retry) add(item.index, { kind: "unpark" });
        break;
      case "parked-behind":
        successes.push({ item, result });
        add(item.index, {
          kind: "park",
          message,
          attempts: 0,
          at: v.at,
          code: null,
          error: null,
          waitKey: item.waitKey
        });
        break;
      case "parked":
        add(item.index, {
          kind: "park",
          message,
          attempts: v.attempts,
          at: v.at,
          code: v.code,
          error: v.error,
          waitKey: item.waitKey
        });
        break;
      case "dead-lettered":
        add(item.index, {
          kind: "dead-letter",
          message,
          code: v.code,
          reason: v.reason,
          attempts: v.attempts
        });
        break;
      case "skipped":
        if (retry) add(item.index, { kind: "unpark" });
        break;
      default:
        assertNever(v, "verdict");
    }
  }
  return {
    results: results.slice(0, stopAt),
    actions: actions.map((a) => a.action),
    successes,
    handledWaitKeys: [...handledWaitKeys]
  };
}
function failedKeys(verdicts, toRun, stopAt) {
  const keys = [];
  for (const v of verdicts) if (v.kind !== "handled" && v.kind !== "duplicate") keys.push(v.item.dedupKey);
  for (const item of toRun) if (item.index >= stopAt) keys.push(item.dedupKey);
  return keys;
}
async function applyAction(deps, action, retry) {
  const { group, db, clock } = deps;
  const runner = retry?.tx ?? db;
  const sql = retry ? prismaRunner(retry.tx) : deps.direct;
  switch (action.kind) {
    case "unpark":
      if (retry) await unpark(sql, retry.id);
      return;
    case "park":
      if (retry && action.attempts > 0) {
        const { attempts, at, code, error } = action;
        await rescheduleParked(runner, retry.id, attempts, at, code ?? "", error ?? "");
        deps.onParked?.(at);
        return;
      }
      await park(sql, {
        group,
        message: action.message,
        attempts: action.attempts,
        nextAttemptAt: action.at,
        errorCode: action.code,
        error: action.error,
        waitKey: action.waitKey,
        now: clock.now()
      });
      deps.onParked?.(action.at);
      return;
    case "dead-letter": {
      const { message, code, reason, attempts } = action;
      if (retry) await unpark(sql, retry.id);
      await writeDeadLetter(
        { db, clock, send: deps.send },
        { group, dlqTopic: deps.dlqTopic, message, errorCode: code, reason, attempts },
        retry?.tx
      );
      deps.metrics.dlq.inc({ group, topic: message.topic, code });
      deps.log.error(
        {
          group,
          topic: message.topic,
          key: message.key,
          offset: message.offset,
          errorCode: code,
          reason,
          attempts
        },
        "dead-lettered"
      );
      return;
    }
    default:
      assertNever(action, "policy action");
  }
}
export {
  applyAction,
  failedKeys,
  settle
};
//# sourceMappingURL=5-apply-actions.js.map
