import type { Clock } from "../../../clock/clock.js";
import type { Db, Tx } from "../../../db/prisma-client.js";
import { prismaRunner, type SqlRunner } from "../../../db/sql-runner.js";
import { assertNever } from "../../../errors/domain-error.js";
import type { Logger } from "../../../log/logger.js";
import type { ConsumerMetrics } from "../consumer-metrics.js";
import { type SendFn, writeDeadLetter } from "../dead-letter.js";
import type { DedupKey } from "../dedup-key.js";
import { park } from "../sql/park.js";
import { rescheduleParked } from "../sql/reschedule-parked.js";
import { unpark } from "../sql/unpark.js";
import type { Admitted } from "./1-admit.js";
import { type Action, DUPLICATE, type Item, PARKED_BEHIND, type Verdict } from "./types.js";

/**
 * Stage 5, apply actions: after the scope committed, the policy's writes — park, unpark,
 * dead-letter — in PostgreSQL for every scope (decision 0030). `settle` (pure) turns the stages'
 * verdicts into the transport's results, the actions and the successes stage 6 records; a parked
 * retry (a batch of one whose row is locked) is unparked once its message is settled.
 */
export interface Settled {
  /** One per message up to the stop (see BatchOutcome) */
  readonly results: readonly string[];
  readonly actions: readonly Action[];
  readonly successes: ReadonlyArray<{ readonly item: Item; readonly result: string }>;
  /** Wait keys of the handled messages: their parked waiters are re-driven (decision 0580) */
  readonly handledWaitKeys: readonly string[];
}

const RESULT: { readonly [K in Verdict["kind"]]: string | null } = {
  handled: null,
  duplicate: DUPLICATE,
  "parked-behind": PARKED_BEHIND,
  parked: "parked",
  "dead-lettered": "dead-lettered",
  skipped: "skipped",
};

export function settle(
  size: number,
  admitted: Admitted,
  verdicts: readonly Verdict[],
  opts: {
    readonly retry: boolean;
    readonly skipInvalid: boolean;
    readonly priorFailures: number;
    readonly stopAt: number;
  },
): Settled {
  const { retry, stopAt } = opts;
  const results: string[] = new Array<string>(size).fill("unhandled");
  const actions: Array<{ index: number; action: Action }> = [];
  const successes: Array<{ item: Item; result: string }> = [];
  const handledWaitKeys = new Set<string>();
  const add = (index: number, action: Action) => {
    if (index < stopAt) actions.push({ index, action });
  };
  if (retry) for (const index of admitted.unhandled) add(index, { kind: "unpark" });
  for (const r of admitted.refused) {
    if (opts.skipInvalid) {
      results[r.index] = "skipped";
      if (retry) add(r.index, { kind: "unpark" });
    } else {
      results[r.index] = "dead-lettered";
      const attempts = opts.priorFailures + 1;
      add(r.index, { kind: "dead-letter", message: r.message, code: r.code, reason: r.reason, attempts });
    }
  }
  // Stage 1's actions in batch order (they were found in batch order, unhandled ones apart)
  actions.sort((a, b) => a.index - b.index);
  for (const v of verdicts) {
    const { item } = v;
    if (item.index >= stopAt) continue;
    const result = v.kind === "handled" ? v.result : (RESULT[v.kind] as string);
    results[item.index] = result;
    const message = item.message;
    switch (v.kind) {
      case "handled":
        if (item.waitKey !== null) handledWaitKeys.add(item.waitKey);
        successes.push({ item, result });
        if (retry) add(item.index, { kind: "unpark" });
        break;
      case "duplicate":
        successes.push({ item, result });
        if (retry) add(item.index, { kind: "unpark" });
        break;
      case "parked-behind":
        successes.push({ item, result });
        add(item.index, {
          kind: "park",
          message,
          attempts: 0,
          at: v.at,
          code: null,
          error: null,
          waitKey: item.waitKey,
        });
        break;
      case "parked":
        add(item.index, {
          kind: "park",
          message,
          attempts: v.attempts,
          at: v.at,
          code: v.code,
          error: v.error,
          waitKey: item.waitKey,
        });
        break;
      case "dead-lettered":
        add(item.index, {
          kind: "dead-letter",
          message,
          code: v.code,
          reason: v.reason,
          attempts: v.attempts,
        });
        break;
      case "skipped":
        if (retry) add(item.index, { kind: "unpark" });
        break;
      default:
        assertNever(v, "verdict");
    }
  }
  return {
    results: results.slice(0, stopAt),
    actions: actions.map((a) => a.action),
    successes,
    handledWaitKeys: [...handledWaitKeys],
  };
}

/** Dedup keys whose marks the scope takes back before it commits (failed, parked, not reached). */
export function failedKeys(verdicts: readonly Verdict[], toRun: readonly Item[], stopAt: number): DedupKey[] {
  const keys: DedupKey[] = [];
  for (const v of verdicts) if (v.kind !== "handled" && v.kind !== "duplicate") keys.push(v.item.dedupKey);
  for (const item of toRun) if (item.index >= stopAt) keys.push(item.dedupKey);
  return keys;
}

export interface ApplyDeps {
  readonly group: string;
  readonly dlqTopic: string | undefined;
  readonly db: Db;
  /** Where park and unpark go outside a parked retry's transaction: the `pg` pool (decision 0505) */
  readonly direct: SqlRunner;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: ConsumerMetrics;
  readonly send: SendFn;
  /** After a park or a reschedule: the scanner's sleep ends by `at` (decision 0613) */
  readonly onParked?: (at: Date) => void;
}

/** `retry`: the parked row being retried (a batch of one), locked by its transaction. */
export async function applyAction(
  deps: ApplyDeps,
  action: Action,
  retry: { readonly id: bigint; readonly tx: Tx } | null,
): Promise<void> {
  const { group, db, clock } = deps;
  const runner = retry?.tx ?? db;
  const sql = retry ? prismaRunner(retry.tx) : deps.direct;
  switch (action.kind) {
    case "unpark":
      if (retry) await unpark(sql, retry.id);
      return;
    case "park":
      if (retry && action.attempts > 0) {
        const { attempts, at, code, error } = action;
        await rescheduleParked(runner, retry.id, attempts, at, code ?? "", error ?? "");
        deps.onParked?.(at);
        return;
      }
      await park(sql, {
        group,
        message: action.message,
        attempts: action.attempts,
        nextAttemptAt: action.at,
        errorCode: action.code,
        error: action.error,
        waitKey: action.waitKey,
        now: clock.now(),
      });
      deps.onParked?.(action.at);
      return;
    case "dead-letter": {
      const { message, code, reason, attempts } = action;
      if (retry) await unpark(sql, retry.id);
      await writeDeadLetter(
        { db, clock, send: deps.send },
        { group, dlqTopic: deps.dlqTopic, message, errorCode: code, reason, attempts },
        retry?.tx,
      );
      deps.metrics.dlq.inc({ group, topic: message.topic, code });
      deps.log.error(
        {
          group,
          topic: message.topic,
          key: message.key,
          offset: message.offset,
          errorCode: code,
          reason,
          attempts,
        },
        "dead-lettered",
      );
      return;
    }
    default:
      assertNever(action, "policy action");
  }
}
