import { EventEmitter } from "node:events";
import type { Consumer } from "@platformatic/kafka";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../log/logger.js";
import { callDeadlineMs, KafkaClientDeadlineError, MemberStalledError, withDeadline } from "./deadline.js";
import { type PartitionFetcherSpec, startPartitionFetcher } from "./partition-fetcher.js";
import { classifyPlatformaticError } from "./platformatic-errors.js";

/**
 * Decision 0523. A Kafka client call that never answers cannot be made to happen on demand with a
 * real broker, so these tests drive the fetcher with a stand-in for @platformatic/kafka's Consumer
 * whose calls answer, fail or hang as each test says; the real client is exercised by the
 * transport contract and the cluster fault test.
 */
const never = <T>() => new Promise<T>(() => {});
const TOPIC = "t";

function standIn(calls: {
  fetch: () => Promise<unknown>;
  commit?: (options: { offsets: Array<{ partition: number; offset: bigint }> }) => Promise<void>;
}): Consumer {
  const events = new EventEmitter();
  const assignments = [{ topic: TOPIC, partitions: [0, 1] }];
  const metadata = {
    topics: new Map([
      [TOPIC, { id: "topic-id", partitionsCount: 2, partitions: [{ leader: 1 }, { leader: 1 }] }],
    ]),
  };
  const consumer = {
    groupId: "g",
    assignments,
    on: (e: string, f: (...a: unknown[]) => void) => events.on(e, f),
    off: (e: string, f: (...a: unknown[]) => void) => events.off(e, f),
    topics: { track: () => {} },
    joinGroup: async () => {
      setImmediate(() => events.emit("consumer:group:join", { assignments }));
      return "member";
    },
    metadata: async () => metadata,
    fetch: calls.fetch,
    listOffsets: async () => new Map([[TOPIC, [0n, 0n]]]),
    commit: calls.commit ?? (async () => {}),
    clearMetadata: () => {},
  };
  return consumer as unknown as Consumer;
}

function spec(consumer: Consumer, overrides: Partial<PartitionFetcherSpec> = {}): PartitionFetcherSpec {
  return {
    consumer,
    topics: [TOPIC],
    log: createMemoryLogger().logger,
    positions: async () =>
      new Map([
        [`${TOPIC}:0`, 0n],
        [`${TOPIC}:1`, 0n],
      ]),
    handle: async () => {},
    fetch: { maxWaitMs: 10, minBytes: 1, maxBytes: 1024, maxBytesPerPartition: 1024 },
    group: { sessionTimeoutMs: 30_000, heartbeatMs: 2_000, rebalanceTimeoutMs: 60_000 },
    deadlines: { callMs: 100, fetchMs: 100, stallMs: 400 },
    ...overrides,
  };
}

/** A fetch with nothing new: the broker answers after its wait (as a real fetch of an idle partition does) */
const emptyFetch = () => new Promise((resolve) => setTimeout(() => resolve({ responses: [] }), 10));

describe("withDeadline", () => {
  it("answers with the work's result when it comes in time", async () => {
    await expect(withDeadline(Promise.resolve(7), 50, "x")).resolves.toBe(7);
  });

  it("rejects with KafkaClientDeadlineError naming the call once the deadline passed", async () => {
    const error = await withDeadline(never(), 20, "metadata").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KafkaClientDeadlineError);
    expect((error as KafkaClientDeadlineError).call).toBe("metadata");
    expect((error as Error).message).toContain("20 ms");
  });

  it("a call's deadline covers every attempt the client is configured for", () => {
    expect(callDeadlineMs({ requestTimeoutMs: 10_000, retries: 3, retryDelayMs: 300 }, 100)).toBe(46_300);
  });

  it("both errors are not-ready for the supervisor (a fresh member follows, never fatal)", () => {
    expect(classifyPlatformaticError(new KafkaClientDeadlineError("fetch", 1)).kind).toBe("not-ready");
    expect(classifyPlatformaticError(new MemberStalledError(["t:0"], 1)).kind).toBe("not-ready");
  });
});

describe("partition fetcher: deadlines and the progress watch (decision 0523)", () => {
  it("a member whose fetches never answer ends with a failure instead of holding its partitions", async () => {
    const fetcher = startPartitionFetcher(spec(standIn({ fetch: never })));
    await fetcher.joined;
    const error = await fetcher.done.catch((e: unknown) => e);
    // five abandoned fetches (each at its deadline) or the progress watch, whichever comes first
    expect(error instanceof KafkaClientDeadlineError || error instanceof MemberStalledError).toBe(true);
  });

  it("committed offsets that never come end the member (the start is bounded too)", async () => {
    const fetcher = startPartitionFetcher(spec(standIn({ fetch: emptyFetch }), { positions: never }));
    await fetcher.joined;
    const error = await fetcher.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KafkaClientDeadlineError);
    expect((error as KafkaClientDeadlineError).call).toBe("committed offsets");
  });

  it("a member with a partition its fetches never serve is replaced by the progress watch", async () => {
    // The first fetch to the partitions' broker never answers and its deadline is far away: with one
    // fetch in flight per broker, neither partition is fetched again.
    let first = true;
    const consumer = standIn({
      fetch: async () => {
        if (first) {
          first = false;
          return never();
        }
        return emptyFetch();
      },
    });
    const fetcher = startPartitionFetcher(
      spec(consumer, { deadlines: { callMs: 100, fetchMs: 60_000, stallMs: 300 } }),
    );
    await fetcher.joined;
    const error = await fetcher.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemberStalledError);
    expect((error as MemberStalledError).partitions).toEqual([`${TOPIC}:0`, `${TOPIC}:1`]);
  });

  it("a member whose fetches answer keeps running past the stall bound", async () => {
    const fetcher = startPartitionFetcher(
      spec(standIn({ fetch: emptyFetch }), { deadlines: { callMs: 100, fetchMs: 100, stallMs: 150 } }),
    );
    await fetcher.joined;
    const outcome = await Promise.race([
      fetcher.done.then(
        () => "ended",
        (e: unknown) => e,
      ),
      new Promise((r) => setTimeout(() => r("running"), 600)),
    ]);
    expect(outcome).toBe("running");
    await fetcher.stop();
  });
});

describe("partition fetcher: offset commits retried (decision 0523)", () => {
  it("an offset commit that failed is tried again until it lands, never behind a later one", async () => {
    // One message at offset 4 of partition 0, then nothing new: without the retry the committed
    // offset would stay behind for good (the cluster test's lag that never drained).
    let delivered = false;
    const fetch = () => {
      if (delivered) return emptyFetch();
      delivered = true;
      const record = { offsetDelta: 0, key: Buffer.from("k"), value: Buffer.from("v"), headers: [] };
      return Promise.resolve({
        responses: [
          {
            topicId: "topic-id",
            partitions: [
              {
                partitionIndex: 0,
                records: [{ firstOffset: 4n, lastOffsetDelta: 0, attributes: 0, records: [record] }],
              },
            ],
          },
        ],
      });
    };
    const committed: bigint[] = [];
    let attempts = 0;
    const commit = async (options: { offsets: Array<{ partition: number; offset: bigint }> }) => {
      attempts += 1;
      if (attempts <= 2) throw Object.assign(new Error("NOT_COORDINATOR"), { apiId: "NOT_COORDINATOR" });
      committed.push(...options.offsets.map((o) => o.offset));
    };
    const handlerSaw: string[] = [];
    const fetcher = startPartitionFetcher(
      spec(standIn({ fetch, commit }), {
        positions: async () =>
          new Map([
            [`${TOPIC}:0`, 4n],
            [`${TOPIC}:1`, 0n],
          ]),
        handle: async (messages, part) => {
          handlerSaw.push(...messages.map((m) => m.offset));
          part.resolve("4");
          await part
            .commit("5")
            .catch((e: unknown) => handlerSaw.push(`commit failed: ${(e as Error).message}`));
        },
      }),
    );
    await fetcher.joined;
    const until = Date.now() + 8_000;
    while (committed.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await fetcher.stop();
    expect(handlerSaw).toEqual(["4", "commit failed: NOT_COORDINATOR"]);
    expect(committed).toEqual([5n]);
    expect(attempts).toBe(3);
  });
});
