import { processInChunks } from "../../consumer/batch-pipeline.js";
import { commitAfterScope, pauseAfterFailure } from "./4-commit-and-pause.js";
async function handRun(state, wireMessages, part) {
  const first = wireMessages[0];
  if (!first) return;
  const { names } = state.connection;
  const specTopic = names.specTopic(first.topic);
  const messages = specTopic === first.topic ? wireMessages : wireMessages.map((m) => ({ ...m, topic: specTopic }));
  const progress = {
    tp: `${first.topic}:${first.partition}`,
    topic: first.topic,
    partition: first.partition,
    lastDone: null
  };
  await processInChunks(state.processor, messages, {
    chunkSize: state.batching.maxMessages,
    depth: state.processor.batchDepth,
    ...part.heartbeat ? { heartbeat: part.heartbeat } : {},
    isRunning: part.isRunning,
    onOutcome: (done) => onOutcome(state, progress, part, done)
  });
}
async function onOutcome(state, progress, part, { chunk, outcome }) {
  if (outcome.kind === "infrastructure") {
    await pauseAfterFailure(state, progress, part, chunk, outcome.error);
    return false;
  }
  state.failures.delete(progress.tp);
  if (outcome.results.length === 0) return false;
  state.faults?.afterConsumerCommit?.();
  const upTo = chunk[outcome.results.length - 1].offset;
  part.resolve(upTo);
  progress.lastDone = upTo;
  await commitAfterScope(state, progress, part);
  if (outcome.results.length < chunk.length) return false;
  await part.heartbeat?.();
  return true;
}
export {
  handRun
};
//# sourceMappingURL=3-hand-batch.js.map
