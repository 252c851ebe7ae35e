import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type Db } from "../../../src/platform/db/prisma-client.js";
import type { Runner } from "../../../src/platform/events/event-platform.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";
import {
  createItemsTable,
  enqueueItems,
  type ItemPayload,
  itemsConsumer,
  itemTopic,
  noFaults,
  type PlatformUnderTest,
  platformFor,
  readItems,
  type TransportName,
} from "./harness.js";

const KEYS = 100;
const EVENTS_PER_KEY = 100;
const RELAY_REPLICAS = 3;
const CONSUMERS = 2;
const PARTITIONS = 6;
/** The local log runs one consumer per group at a time: ~100 s for 10k events on a loaded 2-CPU host */
const SCALE_TEST_TIMEOUT_MS = 400_000;

describeWithService(["postgres", "kafka"], "event platform ordering at scale", () => {
  describe.each<TransportName>(["kafka", "local"])("%s transport", (transport) => {
    let db: MigratedDatabase;
    const clients: Db[] = [];
    const runners: Runner[] = [];
    const platforms: PlatformUnderTest[] = [];

    beforeAll(async () => {
      db = await createMigratedDatabase(`events_scale_${transport}`);
      await createItemsTable(db.prisma);
    });
    afterAll(async () => {
      for (const r of runners.reverse()) await r.stop();
      for (const p of platforms) await p.platform.close();
      for (const c of clients) await c.$disconnect();
      await db?.drop();
    });

    /** Every replica is its own process-like unit: own connection pool, own Kafka client. */
    function replica(): PlatformUnderTest {
      const client = createPrismaClient({ url: db.url, maxConnections: 6 });
      clients.push(client);
      const p = platformFor(transport, client, {
        tuning: { topicPartitions: PARTITIONS, relayBatchSize: 100 },
      });
      platforms.push(p);
      return p;
    }

    it(
      "10k events over 100 keys with 3 relay replicas and 2 consumers keep per-key order",
      async () => {
        const topic = itemTopic();
        const group = `pin-test-scale-${transport}-${Date.now()}`;
        const relays = Array.from({ length: RELAY_REPLICAS }, () => replica().platform.startRelay());
        const consumers = Array.from({ length: CONSUMERS }, () =>
          replica().platform.runConsumer(itemsConsumer(group, topic, noFaults())),
        );
        runners.push(...relays, ...consumers);
        await Promise.all([...relays, ...consumers].map((r) => r.start()));

        // Writers commit while the relays run, one transaction per "round" over every key.
        const clock = platforms[0]!.clock;
        for (let seq = 0; seq < EVENTS_PER_KEY; seq++) {
          const round: ItemPayload[] = [];
          for (let k = 0; k < KEYS; k++) round.push({ Key: `key-${k}`, Seq: seq });
          await enqueueItems(db.prisma, topic, round, clock);
        }
        for (const r of relays) await r.whenCaughtUp?.();
        for (const c of consumers) await c.whenCaughtUp?.();

        const state = await readItems(db.prisma);
        expect(state.size).toBe(KEYS);
        const expected = Array.from({ length: EVENTS_PER_KEY }, (_, i) => i);
        const outOfOrder = [...state].filter(
          ([, item]) => JSON.stringify(item.seqs) !== JSON.stringify(expected),
        );
        expect(outOfOrder.map(([key]) => key)).toEqual([]);
        const published = await db.prisma.outboxMessage.count({
          where: { topic, publishedAt: { not: null } },
        });
        expect(published).toBe(KEYS * EVENTS_PER_KEY);
      },
      SCALE_TEST_TIMEOUT_MS,
    );
  });
});
