import { type ChunkOutcome, processInChunks } from "../../consumer/batch-pipeline.js";
import type { InboundMessage } from "../../wire.js";
import { commitAfterScope, pauseAfterFailure } from "./4-commit-and-pause.js";
import type { ConsumerState, RunProgress } from "./consumer-state.js";
import type { PartitionHandle } from "./port.js";

/**
 * Stage 3: one fetched run of a partition handed to the runtime — the processor's batches of
 * maxMessages, a pipelined consumer preparing the next while one is written (decision 0217), the
 * partition's offset moved one batch after the other (stage 4). `messages` carry wire topic names;
 * the processor sees the specification's.
 */
export async function handRun(
  state: ConsumerState,
  wireMessages: readonly InboundMessage[],
  part: PartitionHandle,
): Promise<void> {
  const first = wireMessages[0];
  if (!first) return;
  const { names } = state.connection;
  const specTopic = names.specTopic(first.topic);
  const messages =
    specTopic === first.topic ? wireMessages : wireMessages.map((m) => ({ ...m, topic: specTopic }));
  const progress: RunProgress = {
    tp: `${first.topic}:${first.partition}`,
    topic: first.topic,
    partition: first.partition,
    lastDone: null,
  };
  await processInChunks(state.processor, messages, {
    chunkSize: state.batching.maxMessages,
    depth: state.processor.batchDepth,
    ...(part.heartbeat ? { heartbeat: part.heartbeat } : {}),
    isRunning: part.isRunning,
    onOutcome: (done) => onOutcome(state, progress, part, done),
  });
}

/** After each processor batch, in offset order: whether the run goes on. */
async function onOutcome(
  state: ConsumerState,
  progress: RunProgress,
  part: PartitionHandle,
  { chunk, outcome }: ChunkOutcome,
): Promise<boolean> {
  if (outcome.kind === "infrastructure") {
    await pauseAfterFailure(state, progress, part, chunk, outcome.error);
    return false;
  }
  state.failures.delete(progress.tp);
  if (outcome.results.length === 0) return false;
  state.faults?.afterConsumerCommit?.();
  const upTo = (chunk[outcome.results.length - 1] as InboundMessage).offset;
  part.resolve(upTo);
  progress.lastDone = upTo;
  await commitAfterScope(state, progress, part);
  if (outcome.results.length < chunk.length) return false;
  await part.heartbeat?.();
  return true;
}
