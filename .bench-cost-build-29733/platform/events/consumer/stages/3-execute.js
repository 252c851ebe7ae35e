import { assertNever } from "../../../errors/domain-error.js";
import { errorCodeOf, errorMessageOf } from "../classify-error.js";
import { decide } from "./4-policy.js";
import { InfrastructureSignal, OptimisticAbort } from "./types.js";
async function runOptimistic(deps, ctx, item, invoke) {
  try {
    const result = await invoke(ctx.session.writer, item.attempt);
    return { kind: "handled", item, result };
  } catch (error) {
    if (deps.classify(error) !== "infrastructure") throw new OptimisticAbort();
    deps.record.infrastructure(item.message.topic, error, item);
    throw new InfrastructureSignal(error);
  }
}
async function runCareful(deps, ctx, item, invoke) {
  let conflicts = 0;
  for (; ; ) {
    const attempt = item.attempt + conflicts;
    try {
      const result = await ctx.session.isolate((writer) => invoke(writer, attempt));
      return { kind: "handled", item, result };
    } catch (error) {
      const errorClass = deps.classify(error);
      const action = decide(
        errorClass,
        { prior: item.attempt - 1, conflicts },
        deps.policy,
        deps.clock.now()
      );
      if (errorClass === "conflict") {
        deps.record.conflict(item);
        conflicts += 1;
      }
      switch (action.kind) {
        case "re-run":
          deps.record.reRead(item, conflicts);
          continue;
        case "park":
          deps.record.retried(item);
          deps.record.parked(item, action.attempts, action.at, error, action.why);
          return {
            kind: "parked",
            item,
            attempts: action.attempts,
            at: action.at,
            code: errorCodeOf(error),
            error: errorMessageOf(error)
          };
        case "dead-letter":
          if (action.exhausted) deps.record.retried(item);
          return {
            kind: "dead-lettered",
            item,
            code: errorCodeOf(error),
            reason: errorMessageOf(error),
            attempts: action.attempts
          };
        case "skip":
          deps.record.skipped(item, error);
          return { kind: "skipped", item };
        case "yield":
          deps.record.infrastructure(item.message.topic, error, item);
          throw new InfrastructureSignal(error);
        default:
          return assertNever(action, "policy action");
      }
    }
  }
}
function runOne(deps, ctx, item, invoke) {
  return ctx.optimistic ? runOptimistic(deps, ctx, item, invoke) : runCareful(deps, ctx, item, invoke);
}
export {
  runCareful,
  runOne,
  runOptimistic
};
//# sourceMappingURL=3-execute.js.map
