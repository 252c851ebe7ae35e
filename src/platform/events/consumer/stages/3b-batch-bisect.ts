import type { Clock } from "../../../clock/clock.js";
import type { Logger } from "../../../log/logger.js";
import type { BatchContext, BatchMessage, PayloadMap } from "../definition.js";
import { type ExecuteContext, type ExecuteStrategy, type RunDeps, runOne } from "./3-execute.js";
import { InfrastructureSignal, type Item, OptimisticAbort, pairOf, type Verdict } from "./types.js";

export type BatchFn = (
  messages: ReadonlyArray<BatchMessage<PayloadMap>>,
  ctx: BatchContext<unknown>,
) => Promise<unknown>;

/**
 * Strategy 3b, one batch handler: every message the gate let through in one call. The batch's
 * locks (`lockBatch`) are taken first, once, outside every savepoint (decision 0218); a failure
 * there is infrastructure. If the handler throws in the careful pass the group is split in two
 * and each half run again, until the failing message is alone and gets the policy (decision 0029).
 */
export interface BatchStrategyDeps extends RunDeps {
  readonly log: Logger;
  readonly clock: Clock;
  readonly handleBatch: (
    messages: ReadonlyArray<BatchMessage<PayloadMap>>,
    ctx: BatchContext<unknown>,
  ) => Promise<void | ReadonlyArray<string>>;
  readonly lockBatch?: BatchFn;
}

export const batchMessage = (item: Item) =>
  ({
    topic: item.message.topic,
    key: item.message.key,
    payload: item.envelope.payload,
    envelope: item.envelope,
    attempt: item.attempt,
  }) as BatchMessage<PayloadMap>;

export function batchStrategy(deps: BatchStrategyDeps): ExecuteStrategy {
  return {
    async execute(items: readonly Item[], ctx: ExecuteContext) {
      const batchCtx = (tx: unknown) => ({ tx, log: deps.log, clock: deps.clock, heartbeat: ctx.heartbeat });
      if (deps.lockBatch && items.length > 0) {
        try {
          await deps.lockBatch(items.map(batchMessage), batchCtx(ctx.session.writer));
        } catch (error) {
          deps.record.locksFailed(items, error);
          throw new InfrastructureSignal(error);
        }
      }
      const verdicts: Verdict[] = [];
      const blocked = new Set<string>();
      const invoke = (group: readonly Item[]) => (tx: unknown) =>
        deps.handleBatch(group.map(batchMessage), batchCtx(tx));

      async function runGroup(group: readonly Item[]): Promise<void> {
        const live: Item[] = [];
        for (const item of group) {
          if (blocked.size > 0 && blocked.has(pairOf(item.message)))
            verdicts.push({ kind: "parked-behind", item, at: deps.clock.now() });
          else live.push(item);
        }
        const only = live.length === 1 ? live[0] : undefined;
        if (only) {
          const verdict = await runOne(deps, ctx, only, async (tx) => {
            const out = await invoke([only])(tx);
            return out?.[0] ?? "applied";
          });
          if (verdict.kind === "parked") blocked.add(pairOf(only.message));
          verdicts.push(verdict);
          return;
        }
        if (live.length === 0) return;
        try {
          const out = ctx.optimistic ? await direct(live) : await ctx.session.isolate(invoke(live));
          live.forEach((item, i) => {
            verdicts.push({ kind: "handled", item, result: out?.[i] ?? "applied" });
          });
        } catch (error) {
          if (error instanceof OptimisticAbort || error instanceof InfrastructureSignal) throw error;
          if (deps.classify(error) === "infrastructure") {
            deps.record.infrastructure(live[0]?.message.topic ?? "", error);
            throw new InfrastructureSignal(error);
          }
          deps.record.bisecting(live.length, error);
          const half = Math.ceil(live.length / 2);
          await runGroup(live.slice(0, half));
          await runGroup(live.slice(half));
        }
      }

      /** The optimistic call without a savepoint: any non-infrastructure failure reruns the batch carefully. */
      async function direct(live: readonly Item[]) {
        try {
          return await invoke(live)(ctx.session.writer);
        } catch (error) {
          if (deps.classify(error) !== "infrastructure") throw new OptimisticAbort();
          deps.record.infrastructure(live[0]?.message.topic ?? "", error);
          throw new InfrastructureSignal(error);
        }
      }

      await runGroup(items);
      return { verdicts, stoppedAt: null };
    },
  };
}
