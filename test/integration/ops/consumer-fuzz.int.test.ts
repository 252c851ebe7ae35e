import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSUMERS } from "../../../src/consumers/index.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import { prismaRunner } from "../../../src/platform/db/sql-runner.js";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { appendToLog } from "../../../src/platform/events/local/sql/append.js";
import { loadOffset } from "../../../src/platform/events/local/sql/load-offset.js";
import { contractVersionOf, eventTypeOf } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { createStructure } from "../chessboard/chessboard-fixtures.js";
import { fuzzRuns, fuzzSeed } from "./fuzz-settings.js";

/**
 * Hostile messages for every topic a consumer group of the `consumers` role reads, written to the
 * local event log and consumed by the real runtime: each must end as a skip or a dead letter with
 * a reason, the process stays up, and no business table changes.
 */
const clock = new ManualClock("2026-07-01T09:00:00.000Z");
const RUNS = fuzzRuns();
const SEED = fuzzSeed();
let app: TestApp;
const appLog = createMemoryLogger();

// The test app runs without an analytics engine (PIN_ANALYTICS=off), so the dev-stats consumers
// (ClickHouse sink scopes) are not among its groups; their hostile-payload cases live in
// test/integration/devstats.
const defs = CONSUMERS.map((factory) =>
  factory({
    log: createMemoryLogger().logger,
    clock,
    metrics: createMetricsRegistry(),
    settings: loadSettings({ NODE_ENV: "test" }),
    devstats: null,
  }),
).filter((d) => d !== null);
const consumedTopics = [
  ...new Set(defs.flatMap((d) => (d.topics ? [...d.topics] : Object.keys(d.handlers ?? {})))),
].sort();
const groupsOf = (topic: string) =>
  defs.filter((d) => (d.topics ? d.topics.includes(topic) : topic in (d.handlers ?? {}))).map((d) => d.group);

// Field names the contracts use: wrong-typed payloads put hostile values under real names.
const FIELDS = [
  "Id",
  "TenantId",
  "ProjectId",
  "BuildingId",
  "BookingId",
  "DealId",
  "PropertyObjectId",
  "Version",
  "Status",
  "FromStatus",
  "ToStatus",
  "StatusSource",
  "HoldDealId",
  "HoldBookingId",
  "ReservedUntil",
  "BookedUntil",
  "SoldAt",
  "StatusChangedAt",
  "ReserveExpiresAt",
  "BookingExpiresAt",
  "CreatedAt",
  "UpdatedAt",
  "Price",
  "Number",
  "Floor",
];
const noNul = (s: string) => s.replaceAll("\u0000", ""); // PostgreSQL text cannot hold NUL
const hostileValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom("", "null", "-1", "1e309", "NaN", "'; DROP TABLE crm.bookings; --", "x".repeat(10_000)),
  fc.integer(),
  fc.double(),
  fc.uuid(),
);
const payload = fc.oneof(
  fc.string().map(noNul), // not JSON at all
  fc.json().map(noNul), // JSON of any shape
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue).map((o) => noNul(JSON.stringify(o))), // wrong types
  fc.tuple(fc.dictionary(fc.constantFrom(...FIELDS), fc.uuid()), fc.nat()).map(([o, n]) => {
    const full = JSON.stringify({ ...o, Version: 1 });
    return full.slice(0, n % full.length); // truncated
  }),
  fc.constantFrom("{}", "[]", "null", "true", "0", '"x"', `{"__proto__":{"polluted":1}}`, "{".repeat(5000)),
);
const headerValue = fc.oneof(
  fc.string().map(noNul),
  fc.constant<unknown>(null),
  fc.integer(),
  fc.array(fc.string().map(noNul), { maxLength: 3 }),
  fc.dictionary(fc.string().map(noNul), fc.string().map(noNul), { maxKeys: 2 }),
);

function headersFor(topic: string) {
  const plausible = {
    [HEADER.messageId]: fc.uuid() as fc.Arbitrary<unknown>,
    [HEADER.eventType]: fc.constantFrom<unknown>(eventTypeOf(topic as never), "", "other.event"),
    [HEADER.contractVersion]: fc.constantFrom<unknown>(
      String(contractVersionOf(topic as never)),
      "999",
      "-1",
      "abc",
      "",
    ),
    [HEADER.createdAt]: fc.constantFrom<unknown>(new Date(0).toISOString(), "not a date", "9999-99-99"),
  };
  return fc.oneof(
    fc.record(plausible, { requiredKeys: [HEADER.messageId, HEADER.eventType, HEADER.contractVersion] }),
    fc.record(plausible, { requiredKeys: [] }),
    fc.dictionary(fc.constantFrom(...Object.values(HEADER), "x-evil", "__proto__"), headerValue, {
      maxKeys: 8,
    }),
  );
}

async function businessSnapshot(): Promise<string> {
  const rows = await app.db.$queryRaw<Array<{ t: string; h: string | null }>>`
    SELECT 'chessboard.property_objects' AS t, md5(string_agg(p::text, '|' ORDER BY p.id)) AS h FROM chessboard.property_objects p
    UNION ALL SELECT 'chessboard.finished_bookings', md5(string_agg(x::text, '|' ORDER BY x::text)) FROM chessboard.finished_bookings x
    UNION ALL SELECT 'crm.property_objects', md5(string_agg(r::text, '|' ORDER BY r.id)) FROM crm.property_objects r
    UNION ALL SELECT 'crm.developers', md5(string_agg(d::text, '|' ORDER BY d.id)) FROM crm.developers d
    UNION ALL SELECT 'crm.bookings', md5(string_agg(b::text, '|' ORDER BY b.id)) FROM crm.bookings b
    UNION ALL SELECT 'platform.outbox', count(*)::text FROM platform.outbox`;
  return JSON.stringify(rows);
}

beforeAll(async () => {
  app = await startTestApp({ clock, roles: ["consumers"], log: appLog.logger });
  // Some real rows for hostile messages to miss (or hit, if a guard were broken).
  await createStructure(app.db, clock, 3);
});
afterAll(async () => {
  await app?.stop();
});

describe(`consumer fuzzing (fast-check seed ${SEED}, ${RUNS} messages per topic)`, () => {
  it("hostile payloads and headers on every consumed topic end as a skip or a dead letter with a reason, and change nothing else", async () => {
    expect(consumedTopics.length).toBeGreaterThan(0);
    const before = await businessSnapshot();
    const appliedBefore = await consumedOf("applied");
    const messages = consumedTopics.flatMap((topic, i) =>
      fc
        .sample(fc.record({ value: payload, headers: headersFor(topic) }), { numRuns: RUNS, seed: SEED + i })
        .map((m) => ({
          topic,
          key: randomUUID(),
          value: m.value,
          headers: m.headers as Record<string, string>,
        })),
    );
    await appendToLog(prismaRunner(app.db), messages);
    const last = new Map<string, bigint>();
    for (const topic of consumedTopics) {
      const rows = await app.db.$queryRaw<Array<{ id: bigint }>>`
        SELECT max(id) AS id FROM platform.event_log WHERE topic = ${topic}`;
      last.set(topic, rows[0]!.id);
    }
    const deadline = Date.now() + 120_000;
    for (const topic of consumedTopics) {
      for (const group of groupsOf(topic)) {
        while ((await loadOffset(app.db, group, topic)).id < last.get(topic)!) {
          if (Date.now() > deadline) throw new Error(`${group} did not reach the end of ${topic}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }

    // No poll loop failed (a message that throws outside the handler would stall its partition).
    const loopFailures = appLog.entries.filter((e) => /poll failed|batch failed|crash/i.test(String(e.msg)));
    expect(loopFailures).toEqual([]);
    expect(await businessSnapshot()).toBe(before);
    expect(await consumedOf("applied")).toBe(appliedBefore);
    const parked = await app.db.$queryRaw<
      Array<{ n: bigint }>
    >`SELECT count(*) AS n FROM platform.parked_messages`;
    expect(
      Number(parked[0]!.n),
      "a hostile message was parked for retry instead of skipped/dead-lettered",
    ).toBe(0);
    const dead = await app.db.deadLetter.findMany({ where: { topic: { in: consumedTopics } } });
    for (const d of dead) {
      expect(d.reason.length).toBeGreaterThan(0);
      expect(d.errorCode).toMatch(/^[A-Z][A-Z0-9_]+$/);
    }
    const skipped = (await consumedOf("skipped")) + (await consumedOf("skipped-stale"));
    const duplicates = await counterSum(/^pin_consumer_skipped_duplicate_total$/);
    const expected = messages.reduce((n, m) => n + groupsOf(m.topic).length, 0);
    expect(dead.length + skipped + duplicates).toBe(expected);
  });
});

async function counterSum(name: RegExp, labels: Record<string, string> = {}): Promise<number> {
  let sum = 0;
  for (const metric of await app.metrics.getMetricsAsJSON()) {
    if (!name.test(metric.name)) continue;
    for (const v of metric.values) {
      if (Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l))
        sum += v.value;
    }
  }
  return sum;
}
const consumedOf = (result: string) => counterSum(/^pin_consumer_consumed_total$/, { result });
