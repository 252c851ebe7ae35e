import { afterAll, beforeAll, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import { createOutboxRelay } from "../../../src/platform/events/outbox/outbox-relay.js";
import type {
  OutboundMessage,
  Publisher,
  Transport,
} from "../../../src/platform/events/transport/transport.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { requireService } from "../../support/services.js";
import { enqueueItems, itemTopic, metricValue } from "./harness.js";

await requireService("postgres");

/**
 * Decision 0499: a Kafka client that never answers a publish (seen as a stalled relay after a
 * broker node was stopped in the cluster fault test on @platformatic/kafka) must not stall the
 * relay: past the deadline the batch fails, its transaction rolls back, the producer is replaced
 * and the rows go out through the new one.
 */
let database: MigratedDatabase;
beforeAll(async () => {
  database = await createMigratedDatabase("relay_deadline");
});
afterAll(async () => {
  await database?.drop();
});

it("a publish the client never answers is abandoned at the deadline; a new producer publishes the rows", async () => {
  const made: Array<{ published: OutboundMessage[]; closed: boolean }> = [];
  const transport = {
    kind: "kafka",
    async publisher() {
      const mine = { published: [] as OutboundMessage[], closed: false };
      made.push(mine);
      const hangs = made.length === 1;
      const pub: Publisher & { close(): Promise<void> } = {
        publish: (messages) =>
          hangs
            ? new Promise<void>(() => {}) // the first producer never answers
            : Promise.resolve(void mine.published.push(...messages)),
        close: async () => {
          mine.closed = true;
        },
      };
      return pub;
    },
  } as Pick<Transport, "kind" | "publisher"> as Transport;
  const clock = new ManualClock("2026-12-03T10:00:00.000Z");
  const metrics = createMetricsRegistry();
  const { logger, entries } = createMemoryLogger();
  const relay = createOutboxRelay({
    settings: { ...loadSettings({ NODE_ENV: "test" }), outboxShards: 1, outboxRelayIntervalMs: 20 },
    db: database.prisma,
    log: logger,
    metrics,
    clock,
    transport,
    tuning: { relayWorkers: 1, relayPublishDeadlineMs: 300 },
  });
  const topic = itemTopic();
  await enqueueItems(
    database.prisma,
    topic,
    [
      { Key: "a", Seq: 1 },
      { Key: "b", Seq: 1 },
    ],
    clock,
  );
  await relay.start();
  try {
    await eventually(() => made[1]?.published.length === 2, {
      what: "both rows published by the second producer",
      report: () => made.map((m) => ({ published: m.published.length, closed: m.closed })),
    });
    expect(made[0]?.closed).toBe(true);
    expect(await database.prisma.outboxMessage.count({ where: { topic, publishedAt: null } })).toBe(0);
    expect(await metricValue(metrics, "pin_outbox_publish_timeouts_total")).toBe(1);
    expect(
      entries.some(
        (e) =>
          String(e.err ?? "").includes("OUTBOX_PUBLISH_TIMEOUT") ||
          JSON.stringify(e).includes("did not answer a publish"),
      ),
    ).toBe(true);
  } finally {
    await relay.stop();
  }
});
