// Peers side by side (npm run bench peers): each figure is ours next to the tool people would pick
// instead, measured in the same run on the same PostgreSQL and Kafka (.infra/services.env). Each
// run creates and drops its own databases and topics. Figures: docs/engineering/benchmarks.md ("Peers").
// BENCH_PEERS=outbox,expire,consumer,graphql,e2e,ramp picks parts (ramp only when named: it is the
// booking path's latency budget under a 4 → 20 → 100/s ramp, bench/peers/ramp.ts); BENCH_PEERS_<SIZE>=n sizes them.
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createBenchDatabase, need } from "../support.js";
import type { BenchResult } from "../types.js";
import { consumerVsPeer } from "./consumer.js";
import { endToEndUnderLoad } from "./end-to-end.js";
import { expirationVsJobQueues } from "./expiration.js";
import { graphqlVsBareYoga } from "./graphql.js";
import { outboxVsPeer } from "./outbox.js";
import { rampUnderLoad } from "./ramp.js";

const PARTS = ["outbox", "expire", "consumer", "graphql", "e2e", "ramp"] as const;
/** Parts of a bare `npm run bench peers` (the ramp takes minutes and starts processes: named only) */
const DEFAULT_PARTS: readonly Part[] = ["outbox", "expire", "consumer", "graphql", "e2e"];
type Part = (typeof PARTS)[number];

function wantedParts(): Set<Part> {
  const raw = process.env.BENCH_PEERS;
  if (!raw) return new Set(DEFAULT_PARTS);
  const parts = raw.split(",").map((p) => p.trim());
  for (const p of parts)
    if (!(PARTS as readonly string[]).includes(p)) throw new Error(`unknown peers part ${p}`);
  return new Set(parts as Part[]);
}

/** Parts that share one migrated database (outbox, expiration, consumer); GraphQL and e2e start apps. */
async function withMigratedDb<T>(fn: (db: ReturnType<typeof createPrismaClient>, url: string) => Promise<T>) {
  const database = await createBenchDatabase("pin_bench_peers");
  try {
    await runMigrations({ url: database.url, log: createLogger({ level: "warn", pretty: false }) });
    const db = createPrismaClient({ url: database.url, maxConnections: 10 });
    try {
      return await fn(db, database.url);
    } finally {
      await db.$disconnect();
    }
  } finally {
    await database.drop();
  }
}

export async function runPeersBenchmarks(): Promise<BenchResult[]> {
  const parts = wantedParts();
  const brokers = need("TEST_KAFKA_BROKERS").split(",");
  const results: BenchResult[] = [];
  const log = (part: string) => console.log(`- peers: ${part} (${new Date().toISOString()})`);
  if (parts.has("outbox")) {
    log("outbox");
    results.push(...(await withMigratedDb((db, url) => outboxVsPeer(db, url, brokers))));
  }
  if (parts.has("expire")) {
    log("expire");
    results.push(...(await withMigratedDb((db, url) => expirationVsJobQueues(db, url))));
  }
  if (parts.has("consumer")) {
    log("consumer");
    results.push(...(await withMigratedDb((db) => consumerVsPeer(db, brokers))));
  }
  if (parts.has("graphql")) {
    log("graphql");
    results.push(...(await graphqlVsBareYoga()));
  }
  if (parts.has("e2e")) {
    log("e2e");
    results.push(...(await endToEndUnderLoad(brokers)));
  }
  if (parts.has("ramp")) {
    log("ramp");
    results.push(...(await rampUnderLoad(brokers)));
  }
  return results;
}
