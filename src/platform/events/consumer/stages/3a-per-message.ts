import type { Clock } from "../../../clock/clock.js";
import type { Logger } from "../../../log/logger.js";
import { inMessageSpan } from "../../../tracing/message-span.js";
import type { EventHandler } from "../definition.js";
import { type ExecuteContext, type ExecuteStrategy, type Invoke, type RunDeps, runOne } from "./3-execute.js";
import { type BatchFn, batchMessage } from "./3b-batch-bisect.js";
import { InfrastructureSignal, type Item, pairOf, type Verdict } from "./types.js";

/**
 * Strategy 3a, per message: each message's handler in batch order. A key whose message was parked
 * in this batch has its later messages parked behind it; `isRunning` is checked before each one.
 * A consumer's `lockBatch` runs first, once, outside every savepoint, as in 3b (decision 0524); a
 * failure there is infrastructure.
 */
export interface PerMessageDeps extends RunDeps {
  readonly group: string;
  readonly log: Logger;
  readonly clock: Clock;
  readonly handlerOf: (topic: string) => EventHandler<unknown, unknown> | undefined;
  readonly lockBatch?: BatchFn;
}

export function perMessageStrategy(deps: PerMessageDeps): ExecuteStrategy {
  const invokerOf =
    (item: Item, heartbeat: () => Promise<void>): Invoke =>
    async (tx, attempt) => {
      const handler = deps.handlerOf(item.message.topic);
      if (!handler) throw new Error(`no handler for ${item.message.topic}`);
      const result = await inMessageSpan(deps.group, item.envelope, () =>
        handler(item.envelope.payload, {
          tx,
          envelope: item.envelope,
          // created on first use: most handlers never log
          get log() {
            return deps.log.child({
              group: deps.group,
              topic: item.message.topic,
              messageId: item.envelope.metadata.messageId,
            });
          },
          clock: deps.clock,
          heartbeat,
          attempt,
        }),
      );
      return result ?? "applied";
    };

  return {
    async execute(items: readonly Item[], ctx: ExecuteContext) {
      if (deps.lockBatch && items.length > 0) {
        try {
          await deps.lockBatch(items.map(batchMessage), {
            tx: ctx.session.writer,
            log: deps.log,
            clock: deps.clock,
            heartbeat: ctx.heartbeat,
          });
        } catch (error) {
          deps.record.locksFailed(items, error);
          throw new InfrastructureSignal(error);
        }
      }
      const verdicts: Verdict[] = [];
      const blocked = new Set<string>();
      for (const item of items) {
        if (ctx.isRunning && !ctx.isRunning()) return { verdicts, stoppedAt: item.index };
        const pair = pairOf(item.message);
        if (blocked.size > 0 && blocked.has(pair)) {
          verdicts.push({ kind: "parked-behind", item, at: deps.clock.now() });
          continue;
        }
        const verdict = await runOne(deps, ctx, item, invokerOf(item, ctx.heartbeat));
        if (verdict.kind === "parked") blocked.add(pair);
        verdicts.push(verdict);
      }
      return { verdicts, stoppedAt: null };
    },
  };
}
