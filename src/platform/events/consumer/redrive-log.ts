import type { Clock } from "../../clock/clock.js";
import type { SqlRunner } from "../../db/sql-runner.js";
import type { Logger } from "../../log/logger.js";
import type { ConsumerMetrics } from "./consumer-metrics.js";
import { redriveParked } from "./sql/redrive-parked.js";

/**
 * Decision 0580's window, closed within a process: a batch (or a parked retry) that fails while
 * another batch applies a message of the same wait key may park — or reschedule — its message
 * after that batch's re-drive ran (parking is written after the commit; a row being retried is
 * skipped by the re-drive). The log remembers which wait keys were re-driven while a batch was in
 * flight; when the batch is done, those keys are re-driven once more, so its own parked rows are
 * made due too. Across processes the retry timer bounds the same window.
 */
export function createRedriveLog() {
  let seq = 0;
  let inFlight = 0;
  const last = new Map<string, number>();
  return {
    /** A batch begins: its mark, for `end`. */
    begin(): number {
      inFlight += 1;
      return seq;
    },
    /** Messages with these wait keys were handled (and their waiters re-driven). */
    noted(waitKeys: readonly string[]): void {
      if (waitKeys.length === 0) return;
      seq += 1;
      for (const key of waitKeys) last.set(key, seq);
    },
    /** A batch ended: the wait keys re-driven since its mark (forgotten once no batch is in flight). */
    end(mark: number): string[] {
      inFlight -= 1;
      const keys: string[] = [];
      for (const [key, at] of last) if (at > mark) keys.push(key);
      if (inFlight === 0) last.clear();
      return keys;
    },
  };
}

export type RedriveLog = ReturnType<typeof createRedriveLog>;

export interface RedriverDeps {
  readonly group: string;
  readonly clock: Clock;
  readonly log: Logger;
  /** Where re-drives outside a parked retry's transaction go (the pool) */
  readonly direct: SqlRunner;
  readonly metrics: ConsumerMetrics;
  readonly onRedriven: (() => void) | undefined;
}

/** A processor's re-drives (decision 0580): the statement, its metric and nudge, and the log. */
export function createRedriver(deps: RedriverDeps) {
  const { group, clock, metrics } = deps;
  const log = createRedriveLog();

  async function redrive(runner: SqlRunner, waitKeys: readonly string[]): Promise<void> {
    log.noted(waitKeys);
    const redriven = await redriveParked(runner, group, waitKeys, clock.now());
    if (redriven === 0) return;
    metrics.redriven.inc({ group }, redriven);
    deps.onRedriven?.();
  }

  /**
   * Runs a batch or a retry; then re-drives the wait keys handled elsewhere meanwhile — when
   * `keptBack` says the run parked or rescheduled a message, or may have (decision 0631): a run
   * that parked nothing has nothing of its own such a re-drive could have missed. Its own handled
   * keys were noted too, so without this every batch re-drove its own keys once more.
   */
  async function noting<T>(run: () => Promise<T>, keptBack: (outcome: T) => boolean): Promise<T> {
    const mark = log.begin();
    let outcome: { value: T } | null = null;
    try {
      outcome = { value: await run() };
      return outcome.value;
    } finally {
      const keys = log.end(mark);
      if (keys.length > 0 && (outcome === null || keptBack(outcome.value))) {
        await redrive(deps.direct, keys).catch((err: unknown) =>
          deps.log.warn({ group, err }, "re-drive after the batch failed; the retry timer stays"),
        );
      }
    }
  }

  /**
   * A batch that saw no parked message in its group as it began (decision 0627): nothing of its
   * own to re-drive, but the keys are noted, so a batch in flight that parks on one of them meanwhile
   * re-drives it when it ends, as after a re-drive that ran.
   */
  async function noted(waitKeys: readonly string[]): Promise<void> {
    log.noted(waitKeys);
  }

  return { redrive, noted, noting };
}
