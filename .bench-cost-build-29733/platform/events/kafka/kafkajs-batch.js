import { CommitStalledError, watchCommits } from "./commit-watch.js";
import { classifyKafkaError } from "./kafka-errors.js";
import { lazyHeaders } from "./lazy-headers.js";
const HEARTBEAT_EVERY_MS = 2e3;
const COMMIT_STALL_MS = 15e3;
function toInbound(topic, partition, message) {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? "",
    value: message.value?.toString() ?? "",
    headers: lazyHeaders(message.headers)
  };
}
function groupMemberSteps(spec, log) {
  let assigned = [];
  const commits = watchCommits({
    stallMs: COMMIT_STALL_MS,
    onStall: (stall) => steps.crash(new CommitStalledError(stall))
  });
  const steps = {
    crash: (_reason) => {
    },
    async setUp(kc) {
      await spec.before();
      await kc.connect();
      kc.on(kc.events.GROUP_JOIN, (event) => {
        assigned = Object.entries(event.payload.memberAssignment).flatMap(
          ([topic, ps]) => ps.map((partition) => ({ topic, partition }))
        );
        spec.onAssigned?.();
        commits.reset();
        const paused = kc.paused();
        if (paused.length > 0) kc.resume(paused);
      });
      await kc.subscribe({ topics: [...spec.topics], fromBeginning: spec.positions === void 0 });
      await kc.run({
        // A member the core positions (a broadcast) commits as it goes, so a rejoin resumes there.
        autoCommit: spec.positions !== void 0,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: spec.concurrency,
        eachBatch: (payload) => eachBatch(spec, kc, log, commits, payload)
      });
    },
    async onJoined(kc) {
      if (!spec.positions) return;
      const at = await spec.positions(assigned);
      for (const { topic, partition } of assigned) {
        const offset = at.get(`${topic}:${partition}`);
        if (offset !== void 0) kc.seek({ topic, partition, offset: offset.toString() });
      }
    }
  };
  return steps;
}
async function eachBatch(spec, kc, log, commits, payload) {
  const { batch, heartbeat, isRunning, isStale } = payload;
  const { topic, partition } = batch;
  let membershipLost = false;
  const beat = setInterval(
    () => void heartbeat().catch((error) => {
      if (membershipLost) return;
      membershipLost = true;
      log.info(
        { group: spec.name, topic, partition, reason: classifyKafkaError(error).reason },
        "heartbeat refused during a batch; the batch ends so the consumer can rejoin"
      );
    }),
    HEARTBEAT_EVERY_MS
  );
  const handle = {
    isRunning: () => isRunning() && !isStale() && !membershipLost,
    resolve: (offset) => payload.resolveOffset(offset),
    heartbeat,
    // Through the batch's own commit: consumer.commitOffsets is silently dropped once stop() has
    // begun, which would hand every in-flight batch to the next holder again on each graceful stop.
    async commit(next) {
      const tp = `${topic}:${partition}`;
      try {
        await payload.commitOffsetsIfNecessary({
          topics: [{ topic, partitions: [{ partition, offset: next }] }]
        });
      } catch (error) {
        commits.failed(tp, error);
        throw error;
      }
      commits.committed(tp);
    },
    pause(offset) {
      const resume = payload.pause();
      kc.seek({ topic, partition, offset });
      return () => {
        try {
          resume();
        } catch (error) {
          log.debug({ group: spec.name, topic, partition, err: error }, "resume after backoff skipped");
        }
      };
    }
  };
  try {
    await spec.handle(
      batch.messages.map((m) => toInbound(topic, partition, m)),
      handle
    );
  } finally {
    clearInterval(beat);
  }
}
export {
  groupMemberSteps,
  toInbound
};
//# sourceMappingURL=kafkajs-batch.js.map
