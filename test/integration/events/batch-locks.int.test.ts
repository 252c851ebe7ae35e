import { expect, it } from "vitest";
import type { Tx } from "../../../src/platform/db/prisma-client.js";
import { ValidationError } from "../../../src/platform/errors/domain-error.js";
import {
  type AnyConsumerDefinition,
  defineConsumer,
} from "../../../src/platform/events/consumer/definition.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { describeWithService } from "../../support/services.js";
import { type ItemPayload, itemsSuite, itemTopic, metricValue } from "./harness.js";
import { testProcessor, wireItem } from "./processor-harness.js";

type ItemMap = Record<string, ItemPayload>;

let offset = 0;
const wire = (topic: string, item: ItemPayload) => wireItem(topic, item, { offset: ++offset });

const lockKeys = async (tx: Tx, keys: readonly string[]) => {
  const sorted = [...new Set(keys)].sort().map((k) => `evtest:${k}`);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${sorted}::text[]) AS t(k)`;
};

/** How many advisory locks this transaction's backend holds right now. */
const heldLocks = async (tx: Tx): Promise<number> => {
  const [row] = await tx.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted`;
  return Number(row?.n ?? 0);
};

/**
 * A consumer shaped like the catalog's: every call locks the keys it writes (one advisory lock per
 * key); lockBatch, when given, takes all of the batch's first. Each call records how many locks its
 * transaction held when it began.
 */
function lockingConsumer(
  group: string,
  topic: string,
  options: { lockBatch: boolean; lockFailures?: { left: number } },
): { def: AnyConsumerDefinition; heldAtCall: number[] } {
  const heldAtCall: number[] = [];
  const def = defineConsumer<ItemMap>({
    group,
    expectedContractVersion: 1,
    topics: [topic],
    ...(options.lockBatch
      ? {
          async lockBatch(messages, { tx }) {
            const failures = options.lockFailures;
            if (failures && failures.left > 0) {
              failures.left -= 1;
              throw new Error("lock statement failed");
            }
            await lockKeys(
              tx,
              messages.map((m) => m.payload.Key),
            );
          },
        }
      : {}),
    async handleBatch(messages, { tx }) {
      heldAtCall.push(await heldLocks(tx));
      await lockKeys(
        tx,
        messages.map((m) => m.payload.Key),
      );
      if (messages.some((m) => m.payload.Fail === "non-retriable")) {
        throw new ValidationError("TEST_LOCK_POISON", "poison");
      }
    },
  }) as AnyConsumerDefinition;
  return { def, heldAtCall };
}

describeWithService(
  ["postgres"],
  "consumer runtime: a batch's locks taken before its handlers (lockBatch)",
  () => {
    const suite = itemsSuite("local", "events_batch_locks");
    const batchOf = (topic: string) => [
      wire(topic, { Key: "k4", Seq: 1 }),
      wire(topic, { Key: "k3", Seq: 1 }),
      wire(topic, { Key: "poison", Seq: 1, Fail: "non-retriable" }),
      wire(topic, { Key: "k2", Seq: 1 }),
      wire(topic, { Key: "k1", Seq: 1 }),
    ];

    it("every call of a bisected batch begins with all of the batch's locks held, so no call takes one out of order", async () => {
      const topic = itemTopic();
      const { def, heldAtCall } = lockingConsumer(`pin-test-locks-${Date.now()}`, topic, { lockBatch: true });
      const outcome = await testProcessor(def, suite.db.prisma).processBatch(batchOf(topic));
      expect(outcome).toEqual({
        kind: "done",
        results: ["applied", "applied", "dead-lettered", "applied", "applied"],
      });
      // the optimistic pass, then the careful pass's whole call and its bisected halves
      expect(heldAtCall.length).toBeGreaterThan(3);
      expect(heldAtCall.every((n) => n === 5)).toBe(true);
    });

    it("without lockBatch the bisected calls lock key by key (what let two partitions deadlock)", async () => {
      const topic = itemTopic();
      const { def, heldAtCall } = lockingConsumer(`pin-test-nolocks-${Date.now()}`, topic, {
        lockBatch: false,
      });
      const outcome = await testProcessor(def, suite.db.prisma).processBatch(batchOf(topic));
      expect(outcome.kind).toBe("done");
      expect(heldAtCall[0]).toBe(0);
      expect(heldAtCall.some((n) => n > 0 && n < 5)).toBe(true);
    });

    it("a failing lockBatch is an infrastructure failure: nothing of the batch is kept, the batch is read again", async () => {
      const topic = itemTopic();
      const registry = createMetricsRegistry();
      const { def, heldAtCall } = lockingConsumer(`pin-test-lockfail-${Date.now()}`, topic, {
        lockBatch: true,
        lockFailures: { left: 1 },
      });
      const processor = testProcessor(def, suite.db.prisma, { registry });
      const batch = batchOf(topic).filter((m) => m.key !== "poison");
      const failed = await processor.processBatch(batch);
      expect(failed.kind).toBe("infrastructure");
      expect(heldAtCall).toEqual([]);
      expect(await metricValue(registry, "pin_consumer_infrastructure_errors_total")).toBe(1);

      const again = await processor.processBatch(batch);
      expect(again).toEqual({ kind: "done", results: ["applied", "applied", "applied", "applied"] });
    });
  },
);
