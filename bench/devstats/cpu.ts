import { randomUUID } from "node:crypto";
import { devStatsFunnelBookingCreatedConsumer } from "../../src/consumers/devstats-funnel-booking-created.consumer.js";
import { createDevStats } from "../../src/domain/devstats/devstats.runtime.js";
import type { Dimension, FunnelBookingRow } from "../../src/domain/devstats/funnel.js";
import { type ClickHouse, tabSeparated } from "../../src/platform/clickhouse/clickhouse.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import type { Db } from "../../src/platform/db/prisma-client.js";
import { createConsumerMetrics } from "../../src/platform/events/consumer/consumer-metrics.js";
import type { AnyConsumerDefinition } from "../../src/platform/events/consumer/definition.js";
import { createMessageProcessor } from "../../src/platform/events/consumer/message-processor.js";
import { contractRegistry } from "../../src/platform/events/contracts/registry.js";
import { HEADER } from "../../src/platform/events/envelope.js";
import { parseEnvelope } from "../../src/platform/events/wire.js";
import type { FeatureFlags } from "../../src/platform/flags/feature-flags.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import {
  bookingMessage,
  bookingPayload,
  type ObjectPath,
} from "../../test/integration/devstats/devstats-messages.js";

/**
 * CPU of the funnel consumer's runtime path without ClickHouse (`tsx bench/devstats/cpu.ts`):
 * the engine is a stub that serializes the rows (TabSeparated) and answers the dimension lookup
 * from memory, so the figures are Node's own work per batch of 1,000, stage by stage (best and mean round).
 * CPU_BATCHES (default 200) batches, CPU_ROUNDS (default 1) passes over them,
 * CPU_STAGE=<name prefix> runs one stage; run with `node --import tsx --cpu-prof` for a profile.
 */
const BATCH = 1_000;
const BATCHES = Number(process.env.CPU_BATCHES ?? 200);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 1);
const alwaysOn: FeatureFlags = { isEnabled: async () => true, set: async () => {}, invalidate: () => {} };

const dims = new Map<string, Dimension>();
const dev = randomUUID();
for (let i = 0; i < 10_000; i++) {
  const id = randomUUID();
  dims.set(id, {
    PropertyObjectId: id,
    DeveloperId: dev,
    ProjectId: randomUUID(),
    BuildingId: randomUUID(),
    LayoutGroupId: randomUUID(),
    LayoutId: randomUUID(),
  });
}
const ids = [...dims.keys()];
let serialized = 0;
const stub: ClickHouse = {
  engine: "server",
  command: async () => {},
  query: async <T>(sql: string) => {
    const found = sql.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
    return found.flatMap((id) => (dims.has(id) ? [dims.get(id)] : [])) as T[];
  },
  insert: async (_table, rows) => {
    serialized += tabSeparated(rows).bytes.length;
  },
  ping: async () => true,
  close: async () => {},
};

const devstats = await createDevStats({
  clickhouse: stub,
  db: null as unknown as Db,
  clock: systemClock,
  log: createLogger({ level: "warn", pretty: false }),
  metrics: createMetricsRegistry(),
  settings: loadSettings({ NODE_ENV: "test" }),
  database: "cpu",
  flags: alwaysOn,
});
const def = devStatsFunnelBookingCreatedConsumer(devstats) as AnyConsumerDefinition;
const contracts = contractRegistry();
const processor = createMessageProcessor({
  def,
  db: null as unknown as Db,
  log: createLogger({ level: "warn", pretty: false }),
  clock: systemClock,
  contracts,
  metrics: createConsumerMetrics(createMetricsRegistry(), def.specMetrics),
  send: async () => {},
});

const batches = Array.from({ length: BATCHES }, (_, b) =>
  Array.from({ length: BATCH }, (_, i) => {
    const id = ids[(b * BATCH + i) % ids.length] as string;
    const payload = bookingPayload(
      { developerId: dev, propertyObjectId: id } as ObjectPath,
      `2026-01-${String(1 + (i % 28)).padStart(2, "0")}T12:00:00.000Z`,
    );
    return bookingMessage(payload);
  }),
);

const stages: Record<string, (batch: (typeof batches)[number]) => Promise<unknown> | unknown> = {
  "JSON.parse": (batch) => batch.map((m) => JSON.parse(m.value)),
  parseEnvelope: (batch) => batch.map((m) => parseEnvelope(m)),
  "parseEnvelope + contract check": (batch) =>
    batch.map((m) => {
      const p = parseEnvelope(m);
      return p.ok && contracts.validatePayload(m.topic, p.envelope.payload);
    }),
  "ingest.prepare (warm)": (batch) =>
    devstats.ingest.prepare(
      batch.map((m) => ({ messageId: m.headers[HEADER.messageId] as string, payload: JSON.parse(m.value) })),
    ),
  "tabSeparated of the rows": async (batch) => {
    const { rows } = await devstats.ingest.prepare(
      batch.map((m) => ({ messageId: m.headers[HEADER.messageId] as string, payload: JSON.parse(m.value) })),
    );
    return tabSeparated(rows as FunnelBookingRow[] as unknown as Array<Record<string, unknown>>);
  },
  "processor.processBatch (whole runtime path)": (batch) => processor.processBatch(batch),
};

// Warm-up: every object looked up once, every stage JIT-compiled.
for (const batch of batches.slice(0, 12)) for (const run of Object.values(stages)) await run(batch);
const only = process.env.CPU_STAGE;
for (const [name, run] of Object.entries(stages)) {
  if (only && !name.startsWith(only)) continue;
  // The best round (the least disturbed by the rest of a shared host) and the mean.
  let best = Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    for (const batch of batches) await run(batch);
    const ms = (performance.now() - t) / BATCHES;
    best = Math.min(best, ms);
    sum += ms;
  }
  console.log(
    `${name.padEnd(46)} best ${best.toFixed(2).padStart(6)} ms, mean ${(sum / ROUNDS).toFixed(2).padStart(6)} ms / 1,000 messages`,
  );
}
console.log(`(${serialized} bytes serialized)`);
