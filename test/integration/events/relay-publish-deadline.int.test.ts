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

type Made = { published: OutboundMessage[]; closed: boolean };

/** A transport whose first producer publishes with `first`, every later one for real (into `made`). */
function stubTransport(first: () => Promise<void>): { transport: Transport; made: Made[] } {
  const made: Made[] = [];
  const transport = {
    kind: "kafka",
    async publisher() {
      const mine: Made = { published: [], closed: false };
      made.push(mine);
      const isFirst = made.length === 1;
      const pub: Publisher & { close(): Promise<void> } = {
        publish: (messages) => (isFirst ? first() : Promise.resolve(void mine.published.push(...messages))),
        close: async () => {
          mine.closed = true;
        },
      };
      return pub;
    },
  } as Pick<Transport, "kind" | "publisher"> as Transport;
  return { transport, made };
}

async function relayTwoRows(transport: Transport, made: Made[]) {
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
    // the publish is acknowledged before the rows are marked and committed: wait for the commit
    await eventually(() => database.prisma.outboxMessage.count({ where: { topic, publishedAt: null } }), {
      until: (n) => n === 0,
      what: "both rows marked published",
    });
    return { timeouts: await metricValue(metrics, "pin_outbox_publish_timeouts_total"), logs: entries };
  } finally {
    await relay.stop();
  }
}

it("a publish the client never answers is abandoned at the deadline; a new producer publishes the rows", async () => {
  const { transport, made } = stubTransport(() => new Promise<void>(() => {}));
  const { timeouts, logs } = await relayTwoRows(transport, made);
  expect(timeouts).toBe(1);
  expect(logs.some((e) => JSON.stringify(e).includes("OUTBOX_PUBLISH_TIMEOUT"))).toBe(true);
});

it("a producer whose publishes keep failing is replaced after three failed passes", async () => {
  const { transport, made } = stubTransport(() => Promise.reject(new Error("NOT_LEADER_OR_FOLLOWER")));
  const { timeouts } = await relayTwoRows(transport, made);
  expect(made).toHaveLength(2);
  expect(timeouts).toBe(0);
});
