import { inMessageSpan } from "../../../tracing/message-span.js";
import { runOne } from "./3-execute.js";
import { batchMessage } from "./3b-batch-bisect.js";
import { InfrastructureSignal, pairOf } from "./types.js";
function perMessageStrategy(deps) {
  const invokerOf = (item, heartbeat) => async (tx, attempt) => {
    const handler = deps.handlerOf(item.message.topic);
    if (!handler) throw new Error(`no handler for ${item.message.topic}`);
    const result = await inMessageSpan(
      deps.group,
      item.envelope,
      () => handler(item.envelope.payload, {
        tx,
        envelope: item.envelope,
        // created on first use: most handlers never log
        get log() {
          return deps.log.child({
            group: deps.group,
            topic: item.message.topic,
            messageId: item.envelope.metadata.messageId
          });
        },
        clock: deps.clock,
        heartbeat,
        attempt
      })
    );
    return result ?? "applied";
  };
  return {
    async execute(items, ctx) {
      if (deps.lockBatch && items.length > 0) {
        try {
          await deps.lockBatch(items.map(batchMessage), {
            tx: ctx.session.writer,
            log: deps.log,
            clock: deps.clock,
            heartbeat: ctx.heartbeat
          });
        } catch (error) {
          deps.record.locksFailed(items, error);
          throw new InfrastructureSignal(error);
        }
      }
      const verdicts = [];
      const blocked = /* @__PURE__ */ new Set();
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
    }
  };
}
export {
  perMessageStrategy
};
//# sourceMappingURL=3a-per-message.js.map
