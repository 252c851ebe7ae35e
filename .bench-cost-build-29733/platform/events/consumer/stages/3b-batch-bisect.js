import { runOne } from "./3-execute.js";
import { InfrastructureSignal, OptimisticAbort, pairOf } from "./types.js";
const batchMessage = (item) => ({
  topic: item.message.topic,
  key: item.message.key,
  payload: item.envelope.payload,
  envelope: item.envelope,
  attempt: item.attempt
});
function batchStrategy(deps) {
  return {
    async execute(items, ctx) {
      const batchCtx = (tx) => ({ tx, log: deps.log, clock: deps.clock, heartbeat: ctx.heartbeat });
      if (deps.lockBatch && items.length > 0) {
        try {
          await deps.lockBatch(items.map(batchMessage), batchCtx(ctx.session.writer));
        } catch (error) {
          deps.record.locksFailed(items, error);
          throw new InfrastructureSignal(error);
        }
      }
      const verdicts = [];
      const blocked = /* @__PURE__ */ new Set();
      const invoke = (group) => (tx) => deps.handleBatch(group.map(batchMessage), batchCtx(tx));
      async function runGroup(group) {
        const live = [];
        for (const item of group) {
          if (blocked.size > 0 && blocked.has(pairOf(item.message)))
            verdicts.push({ kind: "parked-behind", item, at: deps.clock.now() });
          else live.push(item);
        }
        const only = live.length === 1 ? live[0] : void 0;
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
      async function direct(live) {
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
    }
  };
}
export {
  batchMessage,
  batchStrategy
};
//# sourceMappingURL=3b-batch-bisect.js.map
