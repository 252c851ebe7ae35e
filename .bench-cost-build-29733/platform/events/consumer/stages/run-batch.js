import { failedKeys, settle } from "./5-apply-actions.js";
import { InfrastructureSignal, OptimisticAbort } from "./types.js";
function createBatchRunner(deps) {
  const { scope, clock, gate, strategy, record } = deps;
  async function inScope(messages, ready, opts, retry) {
    const heartbeat = opts.heartbeat ?? (async () => {
    });
    const passes = scope.kind === "postgres" && ready.length > 1 ? [true, false] : [false];
    let last = { kind: "infrastructure", error: new Error("no pass ran") };
    for (const optimistic of passes) {
      let session = null;
      try {
        const heldBefore = await gate.before(ready, retry !== null);
        session = await scope.begin();
        const gated = await gate.pass(session, ready, heldBefore, retry !== null, clock.now());
        const executed = await strategy.execute(gated.toRun, {
          session,
          optimistic,
          heartbeat,
          ...opts.isRunning ? { isRunning: opts.isRunning } : {}
        });
        const stopAt = executed.stoppedAt ?? messages.length;
        if (opts.awaitTurn) {
          try {
            await opts.awaitTurn();
          } catch (error) {
            record.discarded(messages);
            throw error;
          }
        }
        const verdicts = [...gated.verdicts, ...executed.verdicts];
        await session.unmark(failedKeys(verdicts, gated.toRun, stopAt));
        await session.commit();
        return { kind: "committed", verdicts, stopAt };
      } catch (error) {
        await session?.rollback().catch(() => {
        });
        last = { kind: "infrastructure", error: error instanceof InfrastructureSignal ? error.error : error };
        if (error instanceof OptimisticAbort) continue;
        return last;
      }
    }
    return last;
  }
  return async function runBatch(messages, opts, retry) {
    const started = performance.now();
    const priorFailures = retry?.attempts ?? 0;
    const admitted = deps.admit(messages, priorFailures);
    record.admitted(admitted);
    const passed = await inScope(messages, admitted.ready, opts, retry);
    if (passed.kind === "infrastructure") return passed;
    const { stopAt } = passed;
    const settled = settle(messages.length, admitted, passed.verdicts, {
      retry: retry !== null,
      skipInvalid: deps.skipInvalid,
      priorFailures,
      stopAt
    });
    try {
      for (const action of settled.actions) await deps.apply(action, retry);
      await deps.redrive(settled.handledWaitKeys, retry);
    } catch (error) {
      return { kind: "infrastructure", error };
    }
    record.successes(settled.successes, started);
    return { kind: "done", results: [...settled.results] };
  };
}
export {
  createBatchRunner
};
//# sourceMappingURL=run-batch.js.map
