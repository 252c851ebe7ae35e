import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stubDevStats } from "../../test/support/fixtures/stub-devstats.js";
import { READERS_BY_GROUP } from "../contracts/readers/index.js";
import { systemClock } from "../platform/clock/clock.js";
import { loadSettings } from "../platform/config/settings.js";
import { type AnyConsumerDefinition, subscribedTopics } from "../platform/events/consumer/definition.js";
import { contractBreaks } from "../platform/events/contracts/compatibility.js";
import { dlqTopicFor } from "../platform/events/topics.js";
import { createLogger } from "../platform/log/logger.js";
import { createMetricsRegistry } from "../platform/metrics/registry.js";
import { DLQ_TOPICS } from "./dlq-topics.js";
import { CONSUMERS } from "./index.js";

const producerSchema = (topic: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../schema/events/${topic}.schema.json`, import.meta.url), "utf8"));

async function allConsumers(): Promise<AnyConsumerDefinition[]> {
  const log = createLogger({ level: "silent", pretty: false });
  const metrics = createMetricsRegistry();
  const settings = loadSettings({ NODE_ENV: "test" });
  const devstats = await stubDevStats({ log, metrics, settings });
  const deps = { log, clock: systemClock, metrics, settings, devstats };
  return CONSUMERS.map((make) => make(deps)).filter((d): d is AnyConsumerDefinition => d !== null);
}

describe("reader contracts (decision 0300)", () => {
  it("every consumer group declares a reader contract for every topic it reads, the one listed in READERS_BY_GROUP", async () => {
    const defs = await allConsumers();
    expect(defs.map((d) => d.group).sort()).toEqual(READERS_BY_GROUP.map((g) => g.group).sort());
    for (const def of defs) {
      const listed = READERS_BY_GROUP.find((g) => g.group === def.group);
      expect(Object.keys(def.readers ?? {}).sort(), def.group).toEqual(subscribedTopics(def).sort());
      expect(def.readers, def.group).toEqual(listed?.readers);
    }
  });
});

describe("the topic catalogue's DLQ topics (decision 0565)", () => {
  it("DLQ_TOPICS is every consumer group's DLQ topic, no more", async () => {
    const defs = await allConsumers();
    const fromDefinitions = defs.map((d) => d.dlqTopic ?? dlqTopicFor(d.group));
    expect([...DLQ_TOPICS].sort()).toEqual([...new Set(fromDefinitions)].sort());
  });
});

describe("two-way contract test: every producer schema satisfies every reader of its topic (decision 0304)", () => {
  const pairs = READERS_BY_GROUP.flatMap((g) =>
    Object.values(g.readers).map((reader) => ({ group: g.group, reader })),
  );
  it.each(pairs.map((p) => [p.group, p.reader.topic, p] as const))("%s reads %s", (_g, topic, { reader }) => {
    expect(contractBreaks(producerSchema(topic), reader)).toEqual([]);
  });

  it("a producer change that would break a reader fails: a required field dropped, retyped or made nullable", () => {
    const catalog = READERS_BY_GROUP.find((g) => g.group === "pin-catalog-chessboard-sync");
    const topic = "pin.chessboard.property-object-upserted.v1";
    const reader = catalog?.readers[topic];
    if (!reader) throw new Error("no catalog reader");
    const schema = producerSchema(topic) as {
      required: string[];
      properties: Record<string, Record<string, unknown>>;
    };
    const dropped = { ...schema, required: schema.required.filter((f) => f !== "Price") };
    expect(contractBreaks(dropped, reader)).toEqual(["Price: the reader requires it, the producer does not"]);
    const retyped = { ...schema, properties: { ...schema.properties, Floor: { type: "string" } } };
    expect(contractBreaks(retyped, reader)).toEqual([
      'Floor: the reader reads an integer, the producer sends "string"',
    ]);
    const nullable = {
      ...schema,
      properties: { ...schema.properties, TenantId: { type: ["string", "null"], format: "uuid" } },
    };
    expect(contractBreaks(nullable, reader)).toEqual([
      "TenantId: the reader requires it, the producer allows null",
    ]);
    // an optional field the producer stops sending breaks nobody
    const lean = { ...schema, required: schema.required.filter((f) => f !== "LayoutId") };
    expect(contractBreaks(lean, reader)).toEqual([]);
  });

  it("a closed enum of the producer outside the reader's values is a break", () => {
    const notifications = READERS_BY_GROUP.find((g) => g.group === "pin-notifications-booking");
    const topic = "pin.crm.booking-expired.v1";
    const reader = notifications?.readers[topic];
    if (!reader) throw new Error("no notifications reader");
    const schema = producerSchema(topic) as { properties: Record<string, Record<string, unknown>> };
    const widened = {
      ...schema,
      properties: { ...schema.properties, Phase: { type: "string", enum: ["Reserve", "Booking", "Grace"] } },
    };
    expect(contractBreaks(widened, reader)).toHaveLength(1);
  });
});
