import type { Clock } from "../../../clock/clock.js";
import type { Tx } from "../../../db/prisma-client.js";
import type { InboundMessage } from "../../wire.js";
import type { ProcessingScope, ScopeSession } from "../scope.js";
import type { Admit, Admitted } from "./1-admit.js";
import type { Gate } from "./2-gate.js";
import type { ExecuteStrategy } from "./3-execute.js";
import { failedKeys, settle } from "./5-apply-actions.js";
import type { Recorder } from "./6-record.js";
import type { Action, Item, Verdict } from "./types.js";
import { InfrastructureSignal, OptimisticAbort } from "./types.js";

/**
 * What the transport must do with the batch's positions:
 * - done: commit past every message (handled, duplicate, parked, dead-lettered or skipped)
 * - infrastructure: commit nothing of the batch; pause and read it again from its first message
 */
export type BatchOutcome = { kind: "done"; results: string[] } | { kind: "infrastructure"; error: unknown };

export interface BatchOptions {
  heartbeat?: () => Promise<void>;
  /**
   * Checked before each per-message handler: when it turns false (graceful stop, partition
   * revoked) the batch ends there: the messages before it commit, the rest are left unread
   * (`results` is then shorter than the batch: commit the offset of its last entry only).
   */
  isRunning?: () => boolean;
  /**
   * Awaited right before the scope commits (a pipelined transport: this batch was prepared while
   * the one before it was being written, and may commit only once that one is durable). If it
   * rejects, the batch is rolled back and nothing of it is acted on: the outcome is
   * `infrastructure` with that error, and the transport reads the batch again.
   */
  awaitTurn?: () => Promise<void>;
}

/** The retry of one parked message: its row, locked by `tx`, and its failed attempts so far. */
export interface ParkedRetry {
  readonly id: bigint;
  readonly attempts: number;
  readonly tx: Tx;
}

export interface BatchRunnerDeps {
  readonly scope: ProcessingScope<unknown>;
  readonly clock: Clock;
  readonly skipInvalid: boolean;
  readonly admit: Admit;
  readonly gate: Gate;
  readonly strategy: ExecuteStrategy;
  readonly record: Recorder;
  readonly apply: (action: Action, retry: ParkedRetry | null) => Promise<void>;
  /**
   * After the actions: the parked messages waiting for the handled messages' wait keys are made
   * due (decision 0580), in the parked retry's transaction when this batch is one.
   */
  readonly redrive: (
    waitKeys: readonly string[],
    retry: ParkedRetry | null,
    groupHadParked: boolean,
  ) => Promise<void>;
}

type Passed =
  | { kind: "committed"; verdicts: readonly Verdict[]; stopAt: number; groupHadParked: boolean }
  | { kind: "infrastructure"; error: unknown };

/**
 * One batch through the stages, in order: admit → (gate → execute, in the scope) → settle → apply
 * (and re-drive the handled messages' waiters) → record.
 */
export function createBatchRunner(deps: BatchRunnerDeps) {
  const { scope, clock, gate, strategy, record } = deps;

  /**
   * Gate and execute inside the scope, then unmark the failed and commit. On PostgreSQL a batch
   * first runs optimistically, a batch of one message too (decision 0624: a live system's batches
   * are mostly of one, and its savepoint was two of a booking's statements in five consumers); any
   * handler failure rolls that pass back and the careful pass runs it again (decision 0034).
   * Every other scope runs carefully at once.
   */
  async function inScope(
    messages: readonly InboundMessage[],
    ready: readonly Item[],
    opts: BatchOptions,
    retry: ParkedRetry | null,
  ): Promise<Passed> {
    const heartbeat = opts.heartbeat ?? (async () => {});
    const passes = scope.kind === "postgres" && ready.length > 0 ? [true, false] : [false];
    let last: Passed = { kind: "infrastructure", error: new Error("no pass ran") };
    for (const optimistic of passes) {
      let session: ScopeSession<unknown> | null = null;
      try {
        const heldBefore = await gate.before(ready, retry !== null);
        session = await scope.begin();
        const gated = await gate.pass(session, ready, heldBefore, retry !== null, clock.now());
        const executed = await strategy.execute(gated.toRun, {
          session,
          optimistic,
          heartbeat,
          ...(opts.isRunning ? { isRunning: opts.isRunning } : {}),
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
        // Everything from a stop on is left for the next holder: no mark, no policy write.
        await session.unmark(failedKeys(verdicts, gated.toRun, stopAt));
        await session.commit();
        return { kind: "committed", verdicts, stopAt, groupHadParked: gated.groupHadParked };
      } catch (error) {
        await session?.rollback().catch(() => {});
        last = { kind: "infrastructure", error: error instanceof InfrastructureSignal ? error.error : error };
        if (error instanceof OptimisticAbort) continue;
        return last;
      }
    }
    return last;
  }

  return async function runBatch(
    messages: readonly InboundMessage[],
    opts: BatchOptions,
    retry: ParkedRetry | null,
  ): Promise<BatchOutcome> {
    const started = performance.now();
    const priorFailures = retry?.attempts ?? 0;
    const admitted: Admitted = deps.admit(messages, priorFailures);
    record.admitted(admitted);
    const passed = await inScope(messages, admitted.ready, opts, retry);
    if (passed.kind === "infrastructure") return passed;
    const { stopAt } = passed;
    const settled = settle(messages.length, admitted, passed.verdicts, {
      retry: retry !== null,
      skipInvalid: deps.skipInvalid,
      priorFailures,
      stopAt,
    });
    // The policy's writes, in PostgreSQL for every scope. A failure here is infrastructure: the
    // batch is read again, its committed messages are duplicates, the failed ones rerun.
    try {
      for (const action of settled.actions) await deps.apply(action, retry);
      await deps.redrive(settled.handledWaitKeys, retry, passed.groupHadParked);
    } catch (error) {
      return { kind: "infrastructure", error };
    }
    record.successes(settled.successes, started);
    return { kind: "done", results: [...settled.results] };
  };
}
