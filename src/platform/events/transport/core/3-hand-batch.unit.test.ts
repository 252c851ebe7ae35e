import { describe, expect, it, vi } from "vitest";
import { createMemoryLogger } from "../../../log/logger.js";
import type { BatchProcessing } from "../../consumer/batch-pipeline.js";
import type { ParkedScanner } from "../../consumer/parked-scanner.js";
import { DEFAULT_RETRY_POLICY } from "../../consumer/retry-policy.js";
import { kafkaNames } from "../../kafka/kafka-names.js";
import type { InboundMessage } from "../../wire.js";
import { createConnection } from "./1-connect.js";
import { handRun } from "./3-hand-batch.js";
import type { ConsumerState } from "./consumer-state.js";
import { OffsetCommits } from "./offset-commits.js";
import type { KafkaClientPort, PartitionHandle } from "./port.js";

const run = (from: number, n: number): InboundMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    topic: "t.ns",
    partition: 3,
    offset: String(from + i),
    key: `k${i}`,
    value: "{}",
    headers: {},
  }));

/** The core's consumer state around a processor whose batches fail when they hold a `failAt` offset. */
function stateWith(failAt: Set<string>, commitEveryMs = 0) {
  const seenTopics: string[] = [];
  const processor: BatchProcessing & { batchDepth: number } = {
    batchDepth: 1,
    async processBatch(batch) {
      seenTopics.push(...batch.map((m) => m.topic));
      if (batch.some((m) => failAt.has(m.offset)))
        return { kind: "infrastructure", error: new Error("db away") };
      return { kind: "done", results: batch.map(() => "applied") };
    },
  };
  const port = { commitFailureNote: "will redeliver" } as unknown as KafkaClientPort;
  const state: ConsumerState = {
    connection: createConnection(port, createMemoryLogger().logger, kafkaNames("ns"), 6),
    group: "g",
    wireGroup: "g.ns",
    wireTopics: ["t.ns"],
    processor,
    scanner: {} as ParkedScanner,
    policy: DEFAULT_RETRY_POLICY,
    batching: { maxMessages: 2, flushMs: 10 },
    faults: undefined,
    failures: new Map(),
    resumeTimers: new Map(),
    commits: new OffsetCommits(async (entries) => {
      for (const e of entries) await e.part.commit(e.next);
    }, commitEveryMs),
    running: true,
  };
  return { state, seenTopics };
}

function handle() {
  const calls: string[] = [];
  const resumed = vi.fn();
  const part: PartitionHandle = {
    isRunning: () => true,
    resolve: (offset) => calls.push(`resolve ${offset}`),
    commit: async (next) => {
      calls.push(`commit ${next}`);
    },
    pause: (offset) => {
      calls.push(`pause ${offset}`);
      return resumed;
    },
  };
  return { part, calls, resumed };
}

describe("transport core, stages 3 and 4: a fetched run to the runtime, offsets after each batch", () => {
  it("commits the offset after each batch's last message, batch after batch; the runtime sees the spec's topic", async () => {
    const { state, seenTopics } = stateWith(new Set());
    const { part, calls } = handle();
    await handRun(state, run(10, 5), part);
    expect(calls).toEqual(["resolve 11", "commit 12", "resolve 13", "commit 14", "resolve 14", "commit 15"]);
    expect(new Set(seenTopics)).toEqual(new Set(["t"]));
  });

  it("decision 0626: within a second of a partition's last commit the newest offset waits and goes out once; a stopping consumer commits at once", async () => {
    vi.useFakeTimers();
    try {
      const { state } = stateWith(new Set(), 1_000);
      const { part, calls } = handle();
      await handRun(state, run(10, 5), part);
      expect(calls.filter((c) => c.startsWith("commit"))).toEqual(["commit 12"]);
      expect(state.commits.waiting()).toEqual(new Map([["t.ns:3", "15"]]));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(calls.filter((c) => c.startsWith("commit"))).toEqual(["commit 12", "commit 15"]);
      await handRun(state, run(15, 2), part);
      expect(state.commits.waiting()).toEqual(new Map([["t.ns:3", "17"]]));
      state.running = false;
      await handRun(state, run(17, 1), part);
      expect(calls.filter((c) => c.startsWith("commit"))).toEqual(["commit 12", "commit 15", "commit 18"]);
      expect(state.commits.waiting().size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an infrastructure failure: what was done is committed, the partition paused at the failed batch's first message and resumed after the backoff", async () => {
    vi.useFakeTimers();
    try {
      const { state } = stateWith(new Set(["13"]));
      const { part, calls, resumed } = handle();
      await handRun(state, run(10, 5), part);
      expect(calls).toEqual(["resolve 11", "commit 12", "commit 12", "pause 12"]);
      expect(state.failures.get("t.ns:3")).toBe(1);
      expect(resumed).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(resumed).toHaveBeenCalledOnce();
      expect(state.resumeTimers.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
