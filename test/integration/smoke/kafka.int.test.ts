// Smoke: the test Kafka broker stores a keyed message with headers that kafkajs reads back, and
// that an independent client (kcat, librdkafka) reads identically.
import { spawnSync } from "node:child_process";
import { type Consumer, Kafka, type KafkaMessage, logLevel, Partitioners, type Producer } from "kafkajs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTopicsWithLeaders } from "../../../src/platform/events/kafka/create-topics.js";
import { describeWithService, isCI, kafkaBrokers, uniqueTopic } from "../../support/services.js";

const KEY = "unit-42";
const HEADER = { name: "event-type", value: "smoke.created.v1" };
const VALUE = JSON.stringify({
  id: "8a6c2a7e-3f0b-4d7e-9d3c-2f9f2d1b7c11",
  price: 12_500_000,
  note: "smoke",
});

describeWithService("kafka", "smoke: kafka", () => {
  let kafka: Kafka;
  let producer: Producer;
  let consumer: Consumer | undefined;
  const topic = uniqueTopic("smoke.kafka");

  beforeAll(async () => {
    kafka = new Kafka({ clientId: "smoke-test", brokers: kafkaBrokers(), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      await createTopicsWithLeaders(admin, [topic], 1, undefined, () => ({ replicationFactor: 1 }));
      const meta = await admin.fetchTopicMetadata({ topics: [topic] });
      expect(meta.topics[0]?.partitions).toHaveLength(1);
    } finally {
      await admin.disconnect();
    }
    producer = kafka.producer({
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
  });

  it("produces and consumes a keyed message with headers through a consumer group", async () => {
    const [meta] = await producer.send({
      topic,
      acks: -1,
      messages: [{ key: KEY, value: VALUE, headers: { [HEADER.name]: HEADER.value } }],
    });
    expect(meta?.errorCode).toBe(0);
    expect(meta?.baseOffset).toBe("0");

    consumer = kafka.consumer({ groupId: `${topic}.group`, sessionTimeout: 10_000, heartbeatInterval: 1000 });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const received = await new Promise<KafkaMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no message consumed within 30 s")), 30_000);
      void consumer!
        .run({
          eachMessage: async ({ message }) => {
            clearTimeout(timer);
            resolve(message);
          },
        })
        .catch(reject);
    });
    expect(received.key?.toString()).toBe(KEY);
    expect(received.value?.toString()).toBe(VALUE);
    expect(received.headers?.[HEADER.name]?.toString()).toBe(HEADER.value);
    expect(received.offset).toBe("0");
  });

  it("reads the same message back with kcat", (ctx) => {
    const which = spawnSync("kcat", ["-V"], { encoding: "utf8" });
    if (which.error) {
      const msg = "kcat is not installed (npm run infra:up installs it: apt-get install kcat)";
      if (isCI()) throw new Error(msg);
      console.warn(`!! SKIPPED kcat check: ${msg}`);
      ctx.skip(msg);
    }
    const res = spawnSync(
      "kcat",
      [
        "-b",
        kafkaBrokers().join(","),
        "-C",
        "-t",
        topic,
        "-o",
        "beginning",
        "-c",
        "1",
        "-e",
        "-q",
        "-f",
        "%k|%h|%s|%p|%o\\n",
      ],
      { encoding: "utf8", timeout: 30_000 },
    );
    expect(res.error, res.stderr).toBeUndefined();
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toBe(`${KEY}|${HEADER.name}=${HEADER.value}|${VALUE}|0|0\n`);
  });
});
