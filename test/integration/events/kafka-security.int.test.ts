import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KafkaClientName, Settings } from "../../../src/platform/config/settings.js";
import type { EventEnvelope } from "../../../src/platform/events/envelope.js";
import type { Runner } from "../../../src/platform/events/event-platform.js";
import type { SaslMechanism } from "../../../src/platform/events/kafka-security.js";
import type { MigratedDatabase } from "../../support/db.js";
import { createMigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { type SaslSslBroker, startSaslSslBroker } from "../../support/kafka-sasl-ssl.js";
import {
  createItemsTable,
  enqueueItems,
  itemsConsumer,
  itemTopic,
  metricValue,
  noFaults,
  type PlatformUnderTest,
  platformFor,
  readItems,
} from "./harness.js";

/**
 * Issue #41 item 3: both Kafka clients over a SASL_SSL listener with certificates made by keytool
 * at test time (test/support/kafka-sasl-ssl.ts). End to end: the outbox relay publishes, a
 * consumer group consumes, a broadcast consumer receives. A wrong password and an untrusted CA:
 * one clear error line, readiness false, retries with a bounded backoff, nothing crashes, and
 * neither password is in any log line. Both clients run in this one file (one broker start); the
 * faults tier runs it (the broker's start is 20–70 s on a shared host).
 */
const CLIENTS: readonly KafkaClientName[] = ["kafkajs", "platformatic"];
const MECHANISMS: readonly SaslMechanism[] = ["plain", "scram-sha-256", "scram-sha-512"];
/** The longest pause of any retry loop involved: the relay's (30 s; consumers 10 s, the broker wait 5 s) */
const MAX_BACKOFF_MS = 30_000;

let broker: SaslSslBroker;
let database: MigratedDatabase;
const open: PlatformUnderTest[] = [];

beforeAll(async () => {
  [broker, database] = await Promise.all([startSaslSslBroker(), createMigratedDatabase("kafka_sec")]);
  await createItemsTable(database.prisma);
}, 300_000);

afterAll(async () => {
  for (const p of open) await p.platform.close().catch(() => {});
  await database?.drop();
  await broker?.stop();
});

function secured(client: KafkaClientName, overrides: Partial<Settings> = {}): PlatformUnderTest {
  const put = platformFor("kafka", database.prisma, {
    settings: {
      kafkaBrokers: broker.brokers,
      kafkaClient: client,
      kafkaTls: true,
      kafkaTlsCaFile: broker.caFile,
      kafkaSaslMechanism: "scram-sha-512",
      kafkaSaslUsername: broker.user,
      kafkaSaslPasswordFile: broker.passwordFile,
      ...overrides,
    },
  });
  open.push(put);
  return put;
}

describe.each(CLIENTS)("Kafka over SASL_SSL on %s", (client) => {
  it.each(MECHANISMS)("reaches the broker with %s from a mounted password file", async (mechanism) => {
    const { platform } = secured(client, { kafkaSaslMechanism: mechanism });
    await platform.waitForBroker();
    expect(await platform.ping()).toBe(true);
    await platform.close();
  });

  it("reaches the broker over mutual TLS with a client certificate and key (no SASL)", async () => {
    const { platform } = secured(client, {
      kafkaBrokers: broker.mtlsBrokers,
      kafkaSaslMechanism: "none",
      kafkaSaslUsername: null,
      kafkaSaslPasswordFile: null,
      kafkaTlsCertFile: broker.clientCertFile,
      kafkaTlsKeyFile: broker.clientKeyFile,
    });
    await platform.waitForBroker();
    expect(await platform.ping()).toBe(true);
    await platform.close();
  });

  it("the relay publishes, a consumer group consumes, a broadcast consumer receives", async () => {
    const { platform, clock } = secured(client);
    const topic = itemTopic(`pin.test.secure-${client}`);
    const received: Array<EventEnvelope<unknown>> = [];
    const runners: Runner[] = [
      platform.runConsumer(itemsConsumer(`pin-test-secure-${randomUUID().slice(0, 8)}`, topic, noFaults())),
      platform.runBroadcast({
        name: `secure-${client}`,
        topics: [topic],
        onEvent: (e) => void received.push(e),
      }),
      platform.startRelay(),
    ];
    try {
      for (const runner of runners) await runner.start();
      const keys = Array.from({ length: 5 }, (_, i) => `${client}-${i}`);
      await enqueueItems(
        database.prisma,
        topic,
        keys.map((Key) => ({ Key, Seq: 1 })),
        clock,
      );
      await eventually(async () => readItems(database.prisma), {
        until: (items) => keys.every((k) => items.get(k)?.lastSeq === 1),
        what: "the consumer group applied every item",
      });
      await eventually(() => received.length, {
        until: (n) => n >= keys.length,
        what: "the broadcast got them",
      });
      expect(received.map((e) => e.key).sort()).toEqual([...keys].sort());
    } finally {
      for (const runner of runners.reverse()) await runner.stop();
    }
  });

  const refusals = [
    {
      case: "a wrong password",
      settings: (): Partial<Settings> => ({
        kafkaSaslPasswordFile: null,
        kafkaSaslPassword: `wrong-${randomUUID()}`,
      }),
      line: /Kafka refused the connection: the broker refused our SASL credentials/,
    },
    {
      case: "a broker certificate no trusted CA signed",
      settings: (): Partial<Settings> => ({ kafkaTlsCaFile: broker.otherCaFile }),
      line: /Kafka refused the connection: the broker's TLS certificate is not trusted/,
    },
  ];

  it.each(refusals)(
    "$case: one clear error line, not ready, bounded retries, no secret logged",
    async (c) => {
      const overrides = c.settings();
      const put = secured(client, overrides);
      const { platform, logs, metrics } = put;
      const topic = itemTopic(`pin.test.refused-${client}`);
      const consumer = platform.runConsumer(
        itemsConsumer(`pin-test-refused-${randomUUID().slice(0, 8)}`, topic, noFaults()),
      );
      const broadcast = platform.runBroadcast({
        name: `refused-${client}`,
        topics: [topic],
        onEvent: () => {},
      });
      const relay = platform.startRelay();
      // Nothing of it may end with an error while the broker refuses: starts just wait.
      const failures: unknown[] = [];
      let stopped = false;
      const starting = [
        platform.waitForBroker(() => stopped),
        consumer.start(),
        broadcast.start(),
        relay.start(),
      ].map((p) => p.catch((error: unknown) => void failures.push(error)));
      await enqueueItems(database.prisma, topic, [{ Key: `${client}-r`, Seq: 1 }], put.clock);
      try {
        await eventually(
          () => metricValue(metrics, "pin_kafka_consumer_restarts_total", { kind: "security" }),
          {
            until: (n) => n >= 4,
            what: "the consumers retried several times",
            timeoutMs: 60_000,
          },
        );
        expect(await platform.ping()).toBe(false);
        expect(consumer.status?.()).not.toBe("running");
        expect(broadcast.status?.()).not.toBe("running");
        expect(failures).toEqual([]);

        const loud = logs.filter((e) => Number(e.level) >= 40);
        const shown = loud.map(
          (e) => `${String(e.msg)} ${String(e.reason ?? (e.err as { message?: string })?.message ?? "")}`,
        );
        expect(shown).toEqual([expect.stringMatching(c.line)]);
        expect(loud[0]).not.toHaveProperty("err");
        const delays = logs.map((e) => e.delayMs).filter((d): d is number => typeof d === "number");
        expect(delays.length).toBeGreaterThan(0);
        expect(Math.max(...delays)).toBeLessThanOrEqual(MAX_BACKOFF_MS);
        const text = JSON.stringify(logs);
        expect(text).not.toContain(broker.password);
        if (overrides.kafkaSaslPassword) expect(text).not.toContain(overrides.kafkaSaslPassword);
      } finally {
        stopped = true;
        await Promise.all([relay.stop(), consumer.stop(), broadcast.stop()]);
        await platform.close();
        await Promise.all(starting);
      }
    },
  );
});
