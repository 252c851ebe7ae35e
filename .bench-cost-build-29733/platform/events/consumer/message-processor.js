import { pgPoolOf } from "../../db/prisma-client.js";
import { pgRunner, prismaRunner } from "../../db/sql-runner.js";
import {
  classifyFor,
  retryPolicyOf,
  scopeOf
} from "./definition.js";
import { createRedriver } from "./redrive-log.js";
import { lockParked } from "./sql/lock-parked.js";
import { parkedKeys } from "./sql/parked-keys.js";
import { createAdmission } from "./stages/1-admit.js";
import { createGate } from "./stages/2-gate.js";
import { perMessageStrategy } from "./stages/3a-per-message.js";
import { batchStrategy } from "./stages/3b-batch-bisect.js";
import { applyAction } from "./stages/5-apply-actions.js";
import { createRecorder, inReceiptSpan } from "./stages/6-record.js";
import {
  createBatchRunner
} from "./stages/run-batch.js";
import { sinkStrategyOf } from "./stages/sink-strategy.js";
const PARKED_TX_TIMEOUT_MS = 5 * 6e4;
const toInbound = (row) => ({
  topic: row.topic,
  partition: row.partition,
  offset: row.offset,
  key: row.key,
  value: row.value,
  headers: row.headers
});
function createMessageProcessor(deps) {
  const { def, db, clock, log, metrics } = deps;
  const group = def.group;
  const pool = pgPoolOf(db);
  const direct = pool ? pgRunner(pool) : prismaRunner(db);
  const scope = scopeOf(def)({ db, ...pool ? { pool } : {}, group, clock });
  const sink = sinkStrategyOf(def, scope.kind);
  const skipInvalid = def.policy?.invalidPayload === "skip";
  const record = createRecorder({ group, log, clock, metrics, skipInvalid });
  const run = {
    classify: (error) => classifyFor(def, error),
    policy: retryPolicyOf(def),
    clock,
    record
  };
  const strategy = strategyOf(def, run, log);
  const redriver = createRedriver({ group, clock, log, direct, metrics, onRedriven: deps.onRedriven });
  const noting = redriver.noting;
  const runBatch = createBatchRunner({
    scope,
    clock,
    skipInvalid,
    admit: createAdmission(def, deps.contracts),
    gate: createGate({
      scopeKind: scope.kind,
      marked: scope.marked !== false,
      keyOrderKept: sink.keyOrderKept,
      parkedKeys: (messages) => parkedKeys(direct, group, messages)
    }),
    strategy,
    record,
    apply: (action, retry) => applyAction(
      {
        group,
        dlqTopic: def.dlqTopic,
        db,
        direct,
        clock,
        log,
        metrics,
        send: deps.send,
        onParked: deps.onParked
      },
      action,
      retry
    ),
    redrive: (waitKeys, retry) => redriver.redrive(retry ? prismaRunner(retry.tx) : direct, waitKeys)
  });
  function processBatch(messages, opts = {}, retry = null) {
    return inReceiptSpan(group, messages, () => runBatch(messages, opts, retry));
  }
  return {
    processBatch: (messages, opts = {}) => noting(() => processBatch(messages, opts)),
    /** Batches of one partition a transport may have in progress at once (decision 0217) */
    batchDepth: sink.batchDepth,
    /** One message fresh from the transport (a batch of one). */
    async process(message, heartbeat = async () => {
    }) {
      const outcome = await noting(() => processBatch([message], { heartbeat }));
      return outcome.kind === "done" ? { kind: "done", result: outcome.results[0] ?? "unhandled" } : outcome;
    },
    /** A parked message whose retry is due (or that reached the head of its key's queue). */
    async retryParked(row, heartbeat = async () => {
    }) {
      try {
        return await noting(
          () => db.$transaction(
            async (tx) => {
              if (!await lockParked(tx, row.id)) return { kind: "done", result: "gone" };
              const retry = { id: row.id, attempts: row.attempts, tx };
              const outcome = await processBatch([toInbound(row)], { heartbeat }, retry);
              if (outcome.kind === "infrastructure") return outcome;
              return { kind: "done", result: outcome.results[0] ?? "unhandled" };
            },
            { timeout: PARKED_TX_TIMEOUT_MS, maxWait: PARKED_TX_TIMEOUT_MS }
          )
        );
      } catch (error) {
        return { kind: "infrastructure", error };
      }
    }
  };
}
function strategyOf(def, run, log) {
  const lockBatch = def.lockBatch ? { lockBatch: def.lockBatch } : {};
  return def.handleBatch ? batchStrategy({
    ...run,
    log,
    handleBatch: def.handleBatch,
    ...lockBatch
  }) : perMessageStrategy({
    ...run,
    group: def.group,
    log,
    handlerOf: (topic) => def.handlers?.[topic],
    ...lockBatch
  });
}
export {
  createMessageProcessor
};
//# sourceMappingURL=message-processor.js.map
