import type { Consumer, EachBatchPayload, KafkaMessage } from "kafkajs";
import type { Logger } from "../../log/logger.js";
import { COMMIT_EVERY_MS } from "../transport/core/offset-commits.js";
import type { MemberSpec, PartitionHandle } from "../transport/core/port.js";
import type { InboundMessage } from "../wire.js";
import { CommitStalledError, watchCommits } from "./commit-watch.js";
import { classifyKafkaError } from "./kafka-errors.js";
import { lazyHeaders } from "./lazy-headers.js";

const HEARTBEAT_EVERY_MS = 2_000;
/** A done offset uncommitted this long with no rejoin: the consumer is replaced (decision 0370) */
const COMMIT_STALL_MS = 15_000;

/** A fetched record as the runtime's message; its headers are decoded when read (lazy-headers). */
export function toInbound(topic: string, partition: number, message: KafkaMessage): InboundMessage {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? "",
    value: message.value?.toString() ?? "",
    headers: lazyHeaders(message.headers),
  };
}

/** The member's set-up and first positions: subscribe, run eachBatch, seek where the core says. */
export function groupMemberSteps(spec: MemberSpec, log: Logger) {
  let assigned: Array<{ topic: string; partition: number }> = [];
  // Commits that keep failing with no rejoin: kafkajs' offset manager holds a stale coordinator.
  const commits = watchCommits({
    stallMs: COMMIT_STALL_MS,
    onStall: (stall) => steps.crash(new CommitStalledError(stall)),
  });
  const steps = {
    crash: (_reason: Error): void => {},
    async setUp(kc: Consumer) {
      await spec.before();
      await kc.connect();
      kc.on(kc.events.GROUP_JOIN, (event) => {
        assigned = Object.entries(event.payload.memberAssignment).flatMap(([topic, ps]) =>
          ps.map((partition) => ({ topic, partition })),
        );
        spec.onAssigned?.();
        commits.reset();
        const paused = kc.paused();
        if (paused.length > 0) kc.resume(paused);
      });
      await kc.subscribe({ topics: [...spec.topics], fromBeginning: spec.positions === undefined });
      await kc.run({
        // A member the core positions (a broadcast) commits as it goes, so a rejoin resumes there:
        // every resolved partition in one request at most once a second, not one a batch (decision
        // 0632; kafkajs's autoCommit commits after every batch whatever its interval, so the
        // batch's end asks for it instead, below).
        autoCommit: false,
        autoCommitInterval: COMMIT_EVERY_MS,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: spec.concurrency,
        eachBatch: (payload) => eachBatch(spec, kc, log, commits, payload),
      });
    },
    async onJoined(kc: Consumer) {
      if (!spec.positions) return;
      const at = await spec.positions(assigned);
      for (const { topic, partition } of assigned) {
        const offset = at.get(`${topic}:${partition}`);
        if (offset !== undefined) kc.seek({ topic, partition, offset: offset.toString() });
      }
    },
  };
  return steps;
}

/**
 * One kafkajs batch as the core's fetched run. Heartbeats while a long batch runs keep the
 * membership; a refused one (the group rebalancing, the member unknown, the coordinator moved)
 * ends the batch at the next message: kafkajs answers it only between batches — its own heartbeat
 * then fails and it rejoins. What the batch had not done yet is fetched again (decision 0533).
 */
async function eachBatch(
  spec: MemberSpec,
  kc: Consumer,
  log: Logger,
  commits: ReturnType<typeof watchCommits>,
  payload: EachBatchPayload,
): Promise<void> {
  const { batch, heartbeat, isRunning, isStale } = payload;
  const { topic, partition } = batch;
  let membershipLost = false;
  const beat = setInterval(
    () =>
      void heartbeat().catch((error: unknown) => {
        if (membershipLost) return;
        membershipLost = true;
        log.info(
          { group: spec.name, topic, partition, reason: classifyKafkaError(error).reason },
          "heartbeat refused during a batch; the batch ends so the consumer can rejoin",
        );
      }),
    HEARTBEAT_EVERY_MS,
  );
  const handle: PartitionHandle = {
    isRunning: () => isRunning() && !isStale() && !membershipLost,
    resolve: (offset) => payload.resolveOffset(offset),
    heartbeat,
    // Through the batch's own commit: consumer.commitOffsets is silently dropped once stop() has
    // begun, which would hand every in-flight batch to the next holder again on each graceful stop.
    async commit(next) {
      const tp = `${topic}:${partition}`;
      try {
        await payload.commitOffsetsIfNecessary({
          topics: [{ topic, partitions: [{ partition, offset: next }] }],
        });
      } catch (error) {
        commits.failed(tp, error);
        throw error;
      }
      commits.committed(tp);
    },
    // The member's other partitions along with this one, one OffsetCommit (decision 0632): the
    // batch's commit reaches the consumer group's, which commits whatever offsets it is given.
    async commitAll(offsets) {
      const byTopic = new Map<string, Array<{ partition: number; offset: string }>>();
      for (const { tp, next } of offsets) {
        const at = tp.lastIndexOf(":");
        const list = byTopic.get(tp.slice(0, at)) ?? [];
        list.push({ partition: Number(tp.slice(at + 1)), offset: next });
        byTopic.set(tp.slice(0, at), list);
      }
      try {
        await payload.commitOffsetsIfNecessary({
          topics: [...byTopic].map(([t, partitions]) => ({ topic: t, partitions })),
        });
      } catch (error) {
        for (const { tp } of offsets) commits.failed(tp, error);
        throw error;
      }
      for (const { tp } of offsets) commits.committed(tp);
    },
    pause(offset) {
      const resume = payload.pause();
      kc.seek({ topic, partition, offset });
      return () => {
        // The consumer may have crashed and been replaced meanwhile: nothing to resume then.
        try {
          resume();
        } catch (error) {
          log.debug({ group: spec.name, topic, partition, err: error }, "resume after backoff skipped");
        }
      };
    },
  };
  try {
    await spec.handle(
      batch.messages.map((m) => toInbound(topic, partition, m)),
      handle,
    );
  } finally {
    clearInterval(beat);
  }
  // A positioned member's resolved offsets, when the last commit is a second old (the interval);
  // a failure only moves where a rejoin would resume, and the core positions a rejoin itself.
  if (spec.positions)
    await payload
      .commitOffsetsIfNecessary()
      .catch((error: unknown) =>
        log.debug({ group: spec.name, topic, partition, err: error }, "broadcast offset commit failed"),
      );
}
