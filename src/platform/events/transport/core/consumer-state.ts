import type { BatchProcessing } from "../../consumer/batch-pipeline.js";
import type { ParkedScanner } from "../../consumer/parked-scanner.js";
import type { RetryPolicy } from "../../consumer/retry-policy.js";
import type { EventPlatformTuning } from "../runner.js";
import type { Connection } from "./1-connect.js";
import type { OffsetCommits } from "./offset-commits.js";

/**
 * Everything one consumer of the core holds, in one object: what it was built from (the runtime's
 * processor and scanner, its names on the broker, its batching) and what changes while it runs
 * (the backoff of each partition paused after an infrastructure failure). The stages read and
 * change it; nothing of it lives in closures.
 */
export interface ConsumerState {
  readonly connection: Connection;
  /** The specification's group (logs, metrics) and its id on the broker */
  readonly group: string;
  readonly wireGroup: string;
  readonly wireTopics: readonly string[];
  readonly processor: BatchProcessing & { readonly batchDepth: number };
  readonly scanner: ParkedScanner;
  readonly policy: RetryPolicy;
  readonly batching: { readonly maxMessages: number; readonly flushMs: number };
  readonly faults: EventPlatformTuning["faults"];
  /** Consecutive infrastructure failures of each "topic:partition" (wire names) */
  readonly failures: Map<string, number>;
  /** The pending resume of each paused partition */
  readonly resumeTimers: Map<string, NodeJS.Timeout>;
  /** Offsets done and not committed yet, per partition (decision 0626) */
  readonly commits: OffsetCommits;
  running: boolean;
}

/** Where one fetched run of a partition stands: the last offset whose batch committed. */
export interface RunProgress {
  readonly tp: string;
  readonly topic: string;
  readonly partition: number;
  lastDone: string | null;
}

/**
 * Backoff and offsets waiting to be committed belong to the partition holder: forgotten at every
 * join and every restart (a graceful stop flushes the offsets first).
 */
export function clearBackoff(state: ConsumerState): void {
  state.commits.forget();
  for (const t of state.resumeTimers.values()) clearTimeout(t);
  state.resumeTimers.clear();
  state.failures.clear();
}
