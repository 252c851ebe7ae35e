import { infrastructureDelayMs } from "../../consumer/retry-policy.js";
import type { InboundMessage } from "../../wire.js";
import type { Connection } from "./1-connect.js";
import type { ConsumerState, RunProgress } from "./consumer-state.js";
import { type CommitEntry, OffsetCommits } from "./offset-commits.js";
import type { PartitionHandle } from "./port.js";

/**
 * Stage 4: the partition's offset after the batch's scope committed — never before, so a crash
 * between the two only redelivers, which the dedup marks absorb. Coalesced per member, at most
 * one commit a second (offset-commits.ts, decisions 0626, 0632); at once when the consumer or the
 * partition is stopping, or `urgent`.
 */
export async function commitAfterScope(
  state: ConsumerState,
  progress: RunProgress,
  part: PartitionHandle,
  urgent = false,
): Promise<void> {
  if (progress.lastDone === null) return;
  const next = (BigInt(progress.lastDone) + 1n).toString();
  await state.commits.offer(progress.tp, next, part, urgent || !state.running || !part.isRunning());
}

/**
 * The commit itself: what waits, in one request where the client can (commitAll, decision 0632),
 * else partition by partition. A failed commit (partition revoked mid-batch, broker gone,
 * coordinator moving) is logged, never thrown: what it means for the client (redelivery, or a
 * retry in the background) is the adapter's note.
 */
export function offsetCommits(connection: Connection, group: string): OffsetCommits {
  const failed = (partition: string) => (error: unknown) =>
    connection.log.warn(
      { group, partition, err: error },
      `offset commit failed; ${connection.port.commitFailureNote}`,
    );
  return new OffsetCommits(async (entries: readonly CommitEntry[]) => {
    const first = entries[0];
    if (entries.length > 1 && first?.part.commitAll) {
      await first.part.commitAll(entries).catch(failed(entries.map((e) => e.tp).join(",")));
      return;
    }
    await Promise.all(entries.map((e) => e.part.commit(e.next).catch(failed(e.tp))));
  });
}

/**
 * Stage 4, the other way out of a batch: an infrastructure failure (the database away, a deadlock
 * past its retries). Never sleep in the handler: commit what the run did before, pause the
 * partition rewound to the batch's first message, and resume it after the policy's backoff (a
 * rejoin or a restart forgets the pause: consumer-state.ts).
 */
export async function pauseAfterFailure(
  state: ConsumerState,
  progress: RunProgress,
  part: PartitionHandle,
  chunk: readonly InboundMessage[],
  error: unknown,
): Promise<void> {
  await commitAfterScope(state, progress, part, true);
  const { tp, topic, partition } = progress;
  const n = (state.failures.get(tp) ?? 0) + 1;
  state.failures.set(tp, n);
  const delay = infrastructureDelayMs(state.policy, n);
  state.connection.log.warn(
    { group: state.group, topic, partition, failures: n, delayMs: delay, err: error },
    "partition paused after infrastructure failure",
  );
  const resume = part.pause((chunk[0] as InboundMessage).offset);
  state.resumeTimers.set(
    tp,
    setTimeout(() => {
      state.resumeTimers.delete(tp);
      resume();
    }, delay),
  );
}
