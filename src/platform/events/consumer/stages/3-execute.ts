import type { Clock } from "../../../clock/clock.js";
import { assertNever } from "../../../errors/domain-error.js";
import { type ErrorClass, errorCodeOf, errorMessageOf } from "../classify-error.js";
import type { RetryPolicy } from "../retry-policy.js";
import type { ScopeSession } from "../scope.js";
import { decide } from "./4-policy.js";
import type { Recorder } from "./6-record.js";
import { InfrastructureSignal, type Item, OptimisticAbort, type Verdict } from "./types.js";

/**
 * Stage 3, execute: the handlers of the messages the gate let through, in one of two strategies
 * chosen from the definition — per message (3a) or one batch handler with bisection (3b). Each
 * runs in one of two passes (decision 0034): the optimistic pass, without savepoints (two round
 * trips saved per message or batch call), gives up at the first failure (the batch is rolled
 * back and run again carefully); the careful pass isolates each message or bisected group under
 * a savepoint, where the policy (stage 4) decides about each failure.
 */
export interface ExecuteContext {
  readonly session: ScopeSession<unknown>;
  /** The pass without savepoints */
  readonly optimistic: boolean;
  readonly heartbeat: () => Promise<void>;
  /** Checked before each per-message handler: false → stop there (graceful stop, revoked partition) */
  readonly isRunning?: () => boolean;
}

export interface Executed {
  /** One per message run or parked behind, in the order they were settled */
  readonly verdicts: readonly Verdict[];
  /** Batch position of the first message left unread (isRunning turned false), or null */
  readonly stoppedAt: number | null;
}

export interface ExecuteStrategy {
  execute(items: readonly Item[], ctx: ExecuteContext): Promise<Executed>;
}

/** Runs one message's handler once with this writer and attempt number; resolves to its result. */
export type Invoke = (writer: unknown, attempt: number) => Promise<string>;

export interface RunDeps {
  readonly classify: (error: unknown) => ErrorClass;
  readonly policy: RetryPolicy;
  readonly clock: Clock;
  readonly record: Recorder;
}

/** The optimistic run of one message: infrastructure stops the batch, anything else reruns it carefully. */
export async function runOptimistic(deps: RunDeps, ctx: ExecuteContext, item: Item, invoke: Invoke) {
  try {
    const result = await invoke(ctx.session.writer, item.attempt);
    return { kind: "handled", item, result } as const;
  } catch (error) {
    if (deps.classify(error) !== "infrastructure") throw new OptimisticAbort();
    deps.record.infrastructure(item.message.topic, error, item);
    throw new InfrastructureSignal(error);
  }
}

/** The careful run of one message under its own savepoint, with the policy after each failure. */
export async function runCareful(
  deps: RunDeps,
  ctx: ExecuteContext,
  item: Item,
  invoke: Invoke,
): Promise<Verdict> {
  let conflicts = 0;
  for (;;) {
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
        deps.clock.now(),
      );
      if (errorClass === "conflict") {
        deps.record.conflict(item);
        conflicts += 1;
      }
      switch (action.kind) {
        case "re-run":
          deps.record.reRead(item, conflicts, error);
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
            error: errorMessageOf(error),
          };
        case "dead-letter":
          if (action.exhausted) deps.record.retried(item);
          return {
            kind: "dead-lettered",
            item,
            code: errorCodeOf(error),
            reason: errorMessageOf(error),
            attempts: action.attempts,
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

/** One message in the pass's mode. */
export function runOne(deps: RunDeps, ctx: ExecuteContext, item: Item, invoke: Invoke): Promise<Verdict> {
  return ctx.optimistic ? runOptimistic(deps, ctx, item, invoke) : runCareful(deps, ctx, item, invoke);
}
