import type { Clock } from "../../clock/clock.js";
import { type Db, pgAccessOf } from "../../db/prisma-client.js";
import { pgRunner, prismaRunner, type SqlRunner } from "../../db/sql-runner.js";
import type { Logger } from "../../log/logger.js";
import type { ContractRegistry } from "../contracts/registry.js";
import type { InboundMessage } from "../wire.js";
import type { ConsumerMetrics } from "./consumer-metrics.js";
import type { SendFn } from "./dead-letter.js";
import {
  type AnyConsumerDefinition,
  type BatchHandler,
  type BatchLocker,
  classifyFor,
  type EventHandler,
  type PayloadMap,
  retryPolicyOf,
  scopeOf,
} from "./definition.js";
import { createRedriver } from "./redrive-log.js";
import type { ProcessingScope } from "./scope.js";
import { lockParked } from "./sql/lock-parked.js";
import { parkedKeys } from "./sql/parked-keys.js";
import { createAdmission } from "./stages/1-admit.js";
import { createGate, type GateDeps } from "./stages/2-gate.js";
import type { ExecuteStrategy, RunDeps } from "./stages/3-execute.js";
import { perMessageStrategy } from "./stages/3a-per-message.js";
import { batchStrategy } from "./stages/3b-batch-bisect.js";
import { applyAction } from "./stages/5-apply-actions.js";
import { createRecorder, inReceiptSpan } from "./stages/6-record.js";
import {
  type BatchOptions,
  type BatchOutcome,
  createBatchRunner,
  type ParkedRetry,
} from "./stages/run-batch.js";
import { sinkStrategyOf } from "./stages/sink-strategy.js";
import { PARKED_BEHIND } from "./stages/types.js";

export type { BatchOptions, BatchOutcome } from "./stages/run-batch.js";

export type ProcessOutcome = { kind: "done"; result: string } | { kind: "infrastructure"; error: unknown };

export interface ParkedRow {
  id: bigint;
  topic: string;
  key: string;
  partition: number;
  offset: string;
  value: string;
  headers: Record<string, string>;
  attempts: number;
}

export interface MessageProcessorDeps {
  def: AnyConsumerDefinition;
  db: Db;
  log: Logger;
  clock: Clock;
  contracts: ContractRegistry;
  metrics: ConsumerMetrics;
  send: SendFn;
  /** Parked messages were made due (decision 0580): the scanner's next pass should run now */
  onRedriven?: () => void;
  /** A message was parked (or a parked one rescheduled), due at `at` (decision 0613) */
  onParked?: (at: Date) => void;
}

const PARKED_TX_TIMEOUT_MS = 5 * 60_000;

const toInbound = (row: ParkedRow): InboundMessage => ({
  topic: row.topic,
  partition: row.partition,
  offset: row.offset,
  key: row.key,
  value: row.value,
  headers: row.headers,
});

/**
 * The consumer runtime for one definition: the stages of ./stages composed once, then one batch
 * of one partition (or local lane) at a time through them. See docs/engineering/events.md, "How a batch is
 * processed", and decision 0380.
 */
export function createMessageProcessor(deps: MessageProcessorDeps) {
  const { def, db, clock, log, metrics } = deps;
  const group = def.group;
  const pg = pgAccessOf(db);
  // The runtime's own statements outside the batch transaction: on the pool, not through Prisma.
  const direct: SqlRunner = pg ? pgRunner(pg.pool) : prismaRunner(db);
  const scope = scopeOf(def)({ db, ...(pg ? { pool: pg.pool, names: pg.names } : {}), group, clock });
  const sink = sinkStrategyOf(def, scope.kind);
  const skipInvalid = def.policy?.invalidPayload === "skip";
  const record = createRecorder({ group, log, clock, metrics, skipInvalid });
  const run: RunDeps = {
    classify: (error) => classifyFor(def, error),
    policy: retryPolicyOf(def),
    clock,
    record,
  };
  const strategy = strategyOf(def, run, log);
  const redriver = createRedriver({ group, clock, log, direct, metrics, onRedriven: deps.onRedriven });
  const noting = redriver.noting;

  const runBatch = createBatchRunner({
    scope,
    clock,
    skipInvalid,
    admit: createAdmission(def, deps.contracts),
    gate: gateOf(scope, sink.keyOrderKept, (messages) => parkedKeys(direct, group, messages)),
    strategy,
    record,
    apply: (action, retry) =>
      applyAction(
        {
          group,
          dlqTopic: def.dlqTopic,
          db,
          direct,
          clock,
          log,
          metrics,
          send: deps.send,
          onParked: deps.onParked,
        },
        action,
        retry,
      ),
    redrive: (waitKeys, retry, groupHadParked) =>
      groupHadParked || retry
        ? redriver.redrive(retry ? prismaRunner(retry.tx) : direct, waitKeys)
        : redriver.noted(waitKeys),
  });

  function processBatch(
    messages: readonly InboundMessage[],
    opts: BatchOptions = {},
    retry: ParkedRetry | null = null,
  ): Promise<BatchOutcome> {
    return inReceiptSpan(group, messages, () => runBatch(messages, opts, retry));
  }

  return {
    processBatch: (messages: readonly InboundMessage[], opts: BatchOptions = {}) =>
      noting(() => processBatch(messages, opts), batchKeptBack),
    /** Batches of one partition a transport may have in progress at once (decision 0217) */
    batchDepth: sink.batchDepth,
    /** One message fresh from the transport (a batch of one). */
    async process(
      message: InboundMessage,
      heartbeat: () => Promise<void> = async () => {},
    ): Promise<ProcessOutcome> {
      const outcome = await noting(() => processBatch([message], { heartbeat }), batchKeptBack);
      return outcome.kind === "done" ? { kind: "done", result: outcome.results[0] ?? "unhandled" } : outcome;
    },
    /** A parked message whose retry is due (or that reached the head of its key's queue). */
    async retryParked(
      row: ParkedRow,
      heartbeat: () => Promise<void> = async () => {},
    ): Promise<ProcessOutcome> {
      try {
        return await noting(
          () =>
            db.$transaction(
              async (tx) => {
                if (!(await lockParked(tx, row.id))) return { kind: "done", result: "gone" } as const;
                const retry = { id: row.id, attempts: row.attempts, tx };
                const outcome = await processBatch([toInbound(row)], { heartbeat }, retry);
                if (outcome.kind === "infrastructure") return outcome;
                return { kind: "done", result: outcome.results[0] ?? "unhandled" } as const;
              },
              { timeout: PARKED_TX_TIMEOUT_MS, maxWait: PARKED_TX_TIMEOUT_MS },
            ),
          retryKeptBack,
        );
      } catch (error) {
        return { kind: "infrastructure", error };
      }
    },
  };
}

export type MessageProcessor = ReturnType<typeof createMessageProcessor>;

const parkedResult = (result: string | undefined) => result === "parked" || result === PARKED_BEHIND;
/** Whether a batch parked a message, or may have (its outcome unknown): see redriver.noting. */
const batchKeptBack = (o: BatchOutcome) => o.kind !== "done" || o.results.some(parkedResult);
/** Whether a parked retry left its message parked (rescheduled), or may have. */
const retryKeptBack = (o: ProcessOutcome) => o.kind !== "done" || parkedResult(o.result);

/** The gate of a scope: where its parked keys are read, whether it marks (stage 2). */
function gateOf(scope: ProcessingScope<unknown>, keyOrderKept: boolean, parked: GateDeps["parkedKeys"]) {
  return createGate({
    scopeKind: scope.kind,
    marked: scope.marked !== false,
    parkedInSession: scope.parkedInSession === true,
    keyOrderKept,
    parkedKeys: parked,
  });
}

/** How the definition's handlers run: one call per batch (handleBatch) or one per message. */
function strategyOf(def: AnyConsumerDefinition, run: RunDeps, log: Logger): ExecuteStrategy {
  const lockBatch = def.lockBatch
    ? { lockBatch: def.lockBatch as unknown as BatchLocker<PayloadMap, unknown> }
    : {};
  return def.handleBatch
    ? batchStrategy({
        ...run,
        log,
        handleBatch: def.handleBatch as unknown as BatchHandler<PayloadMap, unknown>,
        ...lockBatch,
      })
    : perMessageStrategy({
        ...run,
        group: def.group,
        log,
        handlerOf: (topic) => def.handlers?.[topic] as unknown as EventHandler<unknown, unknown> | undefined,
        ...lockBatch,
      });
}
