// The booking path under a load ramp (issue #26 items 1 and 5), stage by stage: createBooking over
// HTTP at 4 → 20 → 100 bookings/s (open loop, steps of BENCH_PEERS_RAMP_STEP_SECONDS each), Kafka,
// either every role in one process (BENCH_PEERS_RAMP_PROCESSES=1) or api, consumers and workers as
// three processes of src/main.ts (=3), or four with the chessboard's consumers in a process of their
// own (=4, PIN_ROLES=consumers:chessboard and consumers:-chessboard, decision 0516), against one database and the shared broker under a Kafka
// namespace of the run's own. Per step: p50/p99/mean of every stage and whether lag grows.
//
// Stage times come from what the path already writes (decision 0497), nothing is instrumented:
// the crm outbox row (created_at = enqueue inside createBooking's transaction, published_at = after
// the relay's produce was acknowledged), the chessboard consumer's dedup mark
// (platform.processed_messages.processed_at = its batch transaction has begun), the chessboard's
// outbox row of the Reserved status (created_at inside that transaction, published_at after its
// relay's produce), the catalog sync's dedup mark and the card's updated_at, and the bench's own
// clock for sending, the answer and the graphql-ws delivery. Every process runs on this host's clock.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "graphql-ws";
import { Kafka, logLevel } from "kafkajs";
import type { Logger } from "pino";
import { pino } from "pino";
import WebSocket from "ws";
import { type App, startApp } from "../../src/app.js";
import { TOPIC } from "../../src/contracts/topics.js";
import { DEMO_CHESSBOARD, seedDemoChessboard } from "../../src/domain/chessboard/seed/seed-demo-structure.js";
import { createChessboardStructure } from "../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { seedDemoCrm } from "../../src/domain/crm/seed/seed-demo-deals.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { inProcessSystemViewer } from "../../src/platform/auth/viewer.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { createPrismaClient, type Db } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { buildMain } from "../../test/faults/rig/build-main.js";
import { createDaemon, type Daemon } from "../../test/faults/rig/daemon.js";
import { freePort } from "../../test/support/npm-start.js";
import { graphqlCreate, percentile } from "../crm/index.js";
import {
  BENCH_API_ENV,
  BENCH_JWT_SECRET,
  BENCH_KAFKA_CLIENT,
  createBenchDatabase,
  pinEnvOverrides,
} from "../support.js";
import type { BenchResult } from "../types.js";
import { bookableObjects, seedDeals, watchReserved } from "./end-to-end.js";
import { alone, pause, size, waitUntil } from "./measure.js";

const CHESSBOARD_GROUP = "pin-chessboard-crm-property-object-status";
const CATALOG_GROUP = "pin-catalog-chessboard-sync";
const PROBE_EVERY_MS = 250;
const DRAIN_TIMEOUT_MS = 90_000;
const REPO = path.resolve(import.meta.dirname, "../..");

export interface RampOptions {
  /**
   * 1: every role in the bench's process; 3: api, consumers, workers as three processes; 4: the
   * chessboard's consumers in a process of their own besides the other three (decision 0516)
   */
  readonly processes: 1 | 3 | 4;
  /** bookings/s of each step */
  readonly steps: readonly number[];
  readonly stepSeconds: number;
}

/** BENCH_PEERS_RAMP_PROCESSES (1|3|4), BENCH_PEERS_RAMP_STEPS (4,20,100), BENCH_PEERS_RAMP_STEP_SECONDS (10). */
export function rampOptions(): RampOptions {
  const processes = size("RAMP_PROCESSES", 1);
  if (processes !== 1 && processes !== 3 && processes !== 4)
    throw new Error("BENCH_PEERS_RAMP_PROCESSES must be 1, 3 or 4");
  const steps = (process.env.BENCH_PEERS_RAMP_STEPS ?? "4,20,100").split(",").map((s) => Number(s.trim()));
  if (steps.length === 0 || steps.some((r) => !Number.isInteger(r) || r < 1))
    throw new Error("BENCH_PEERS_RAMP_STEPS must be positive integers, e.g. 4,20,100");
  return { processes, steps, stepSeconds: size("RAMP_STEP_SECONDS", 10) };
}

/** The PIN under test: its GraphQL URL, a database client for the bench's reads, and how to stop it. */
interface Deployment {
  readonly url: string;
  readonly db: Db;
  readonly describe: string;
  stop(): Promise<void>;
}

type Env = Record<string, string>;

/** The app's log at info, production's level (one saga line per booking), to a file as the role processes'. */
function logDir(runId: string): string {
  const dir = path.join(REPO, ".infra/bench-ramp", runId);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function oneProcess(env: Env, runId: string): Promise<Deployment> {
  const settings = loadSettings({ ...env, PORT: "0", LOG_LEVEL: "info" });
  const file = path.join(logDir(runId), "app.log");
  const log: Logger = pino({ name: "pin", level: "info" }, pino.destination({ dest: file, sync: false }));
  const app: App = await startApp(settings, { log, metrics: createMetricsRegistry() });
  return {
    url: app.url!,
    db: app.db,
    describe: `every role in one process, the bench's (log in ${path.relative(REPO, file)})`,
    stop: () => app.stop(),
  };
}

/** A role process of the multi-process modes: its name (log file) and its PIN_ROLES. */
interface RoleProcess {
  readonly name: string;
  readonly roles: string;
}

/** api, consumers, workers (3) — and in 4 the chessboard's consumers apart from the others (0516). */
function roleProcesses(count: 3 | 4): RoleProcess[] {
  const consumers: RoleProcess[] =
    count === 3
      ? [{ name: "consumers", roles: "consumers" }]
      : [
          { name: "consumers-chessboard", roles: "consumers:chessboard" },
          { name: "consumers", roles: "consumers:-chessboard" },
        ];
  return [{ name: "workers", roles: "workers" }, ...consumers, { name: "api", roles: "api" }];
}

/** The roles as separate processes of src/main.ts (built once, as the faults rig runs them). */
async function roleDeployment(
  count: 3 | 4,
  env: Env,
  databaseUrl: string,
  runId: string,
): Promise<Deployment> {
  const mainModule = await buildMain();
  const dir = logDir(runId);
  const port = await freePort();
  const roles = roleProcesses(count);
  const daemons: Daemon[] = roles.map(({ name, roles: pinRoles }) =>
    createDaemon({
      name,
      command: process.execPath,
      args: ["--enable-source-maps", mainModule],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ...env,
        PIN_ROLES: pinRoles,
        PIN_INSTANCE_ID: `bench-${name}`,
        // info: the ready line; the booking path logs nothing per request at this level
        LOG_LEVEL: "info",
        ...(name === "api" ? { PORT: String(port) } : {}),
      },
      cwd: REPO,
      logFile: path.join(dir, `${name}.log`),
      ready: async (output) => output.includes("PIN is ready"),
      readyTimeoutMs: 180_000,
    }),
  );
  try {
    // Workers first: it migrates the database while the others compile.
    await Promise.all(daemons.map((d) => d.start()));
  } catch (error) {
    await Promise.all(daemons.map((d) => d.kill()));
    throw error;
  }
  const db = createPrismaClient({ url: databaseUrl, maxConnections: 4 });
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    db,
    describe: `${roles.map((r) => `PIN_ROLES=${r.roles}`).join(", ")} as ${count} processes (logs in ${path.relative(REPO, dir)})`,
    async stop() {
      await db.$disconnect();
      await Promise.all(daemons.map((d) => d.stop(20_000)));
    },
  };
}

/** Apartments added to the demo project's new building until `count` are bookable. */
/** Apartments per bench building: well under a building's 5,000 (OBJECTS_PER_BUILDING_MAX). */
const APARTMENTS_PER_BUILDING = 2_500;

export async function seedApartments(db: Db, count: number): Promise<void> {
  const missing = count - (await bookableObjects({ db })).length;
  if (missing <= 0) return;
  const structure = createChessboardStructure({ db, clock: systemClock });
  const viewer = inProcessSystemViewer(DEMO_USERS.system.userId);
  for (let first = 0; first < missing; first += APARTMENTS_PER_BUILDING) {
    const building = await structure.createBuilding(viewer, {
      projectId: DEMO_CHESSBOARD.projectId,
      name: `Bench ramp ${first / APARTMENTS_PER_BUILDING + 1}`,
      status: "Published",
      floorsTotal: 50,
      sectionsCount: 50,
      constructionStatus: "UnderConstruction",
    });
    const PARALLEL = 4;
    const end = Math.min(missing, first + APARTMENTS_PER_BUILDING);
    for (let from = first; from < end; from += PARALLEL) {
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, end - from) }, async (_, k) => {
          const i = from + k;
          await structure.createPropertyObject(viewer, {
            buildingId: building.id,
            number: `r${i + 1}`,
            floor: 1 + (i % 50),
            section: 1 + (Math.floor(i / 50) % 50),
            rooms: 2,
            totalArea: "56.70",
            livingArea: "31.00",
            price: "14000000.00",
            propertyType: "Apartment",
            windowViews: ["Park"],
          });
        }),
      );
    }
  }
}

interface Sample {
  readonly step: number;
  readonly dealId: string;
  readonly propertyObjectId: string;
  sentAt: number;
  answeredAt: number;
  deliveredAt: number;
}

/** Times (ms since the epoch) the path wrote for one booking; NaN where a row is missing. */
interface Trail {
  crmEnqueued: number;
  crmPublished: number;
  chessboardBegun: number;
  chessboardEnqueued: number;
  chessboardPublished: number;
  catalogBegun: number;
  cardWritten: number;
}

const ms = (d: Date | null): number => (d ? d.getTime() : Number.NaN);

async function trails(db: Db, ids: readonly string[]): Promise<Map<string, Trail>> {
  const rows = await db.$queryRaw<
    Array<{
      id: string;
      crm_enqueued: Date | null;
      crm_published: Date | null;
      cb_begun: Date | null;
      cb_enqueued: Date | null;
      cb_published: Date | null;
      cat_begun: Date | null;
      card_at: Date | null;
    }>
  >`
    WITH ev AS (
      SELECT payload->>'PropertyObjectId' AS id, topic, message_id, created_at, published_at
        FROM platform.outbox
       WHERE payload->>'PropertyObjectId' = ANY(${ids as string[]}::text[])
         AND (topic = ${TOPIC.bookingCreated}
              OR (topic = ${TOPIC.propertyObjectStatusChanged} AND payload->>'ToStatus' = 'Reserved'))),
    crm AS (SELECT * FROM ev WHERE topic = ${TOPIC.bookingCreated}),
    cb AS (SELECT * FROM ev WHERE topic = ${TOPIC.propertyObjectStatusChanged})
    SELECT crm.id, crm.created_at AS crm_enqueued, crm.published_at AS crm_published,
           cbm.processed_at AS cb_begun, cb.created_at AS cb_enqueued, cb.published_at AS cb_published,
           catm.processed_at AS cat_begun, card.updated_at AS card_at
      FROM crm
      LEFT JOIN platform.processed_messages cbm
        ON cbm.dedup_hash = platform.dedup_hash(${CHESSBOARD_GROUP} || ':' || crm.topic || ':' || crm.message_id::text)
      LEFT JOIN cb ON cb.id = crm.id
      LEFT JOIN platform.processed_messages catm
        ON catm.dedup_hash = platform.dedup_hash(${CATALOG_GROUP} || ':' || cb.topic || ':' || cb.message_id::text)
      LEFT JOIN catalog.property_object_cards card
        ON card.id::text = crm.id AND card.property_object_status = 'Reserved'`;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        crmEnqueued: ms(r.crm_enqueued),
        crmPublished: ms(r.crm_published),
        chessboardBegun: ms(r.cb_begun),
        chessboardEnqueued: ms(r.cb_enqueued),
        chessboardPublished: ms(r.cb_published),
        catalogBegun: ms(r.cat_begun),
        cardWritten: ms(r.card_at),
      },
    ]),
  );
}

/** Every time recorded for one booking: the bench's and the rows'. */
type Marks = Trail & { sent: number; answered: number; delivered: number };

/** One stage of the path: from one recorded time to another; its share is of its branch's whole. */
type Stage = readonly [
  name: string,
  branch: "subscriber" | "catalog" | "side",
  from: keyof Marks,
  to: keyof Marks,
];

const STAGES: readonly Stage[] = [
  ["createBooking answered", "side", "sent", "answered"],
  ["request → crm outbox row written", "subscriber", "sent", "crmEnqueued"],
  ["crm: commit + relay wake-up + produce acked", "subscriber", "crmEnqueued", "crmPublished"],
  ["chessboard: fetch + batch until its tx begins", "subscriber", "crmPublished", "chessboardBegun"],
  ["chessboard tx until its outbox row", "subscriber", "chessboardBegun", "chessboardEnqueued"],
  [
    "chessboard: commit + relay wake-up + produce acked",
    "subscriber",
    "chessboardEnqueued",
    "chessboardPublished",
  ],
  ["broadcast fetch + hub + socket → subscriber", "subscriber", "chessboardPublished", "delivered"],
  ["= createBooking → subscriber", "side", "sent", "delivered"],
  ["catalog: fetch + batch until its tx begins", "catalog", "chessboardPublished", "catalogBegun"],
  ["catalog tx until the card row", "catalog", "catalogBegun", "cardWritten"],
  ["= createBooking → catalog card Reserved", "side", "sent", "cardWritten"],
];

interface Figures {
  readonly n: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

export function figures(values: readonly number[]): Figures {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { n: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), mean };
}

export interface LagVerdict {
  readonly grows: boolean;
  /** p50 latency of the step's first and last third */
  readonly first: number;
  readonly last: number;
  /** bookings/s this stage completed during the step (first to last completion) */
  readonly completedPerSecond: number;
}

/**
 * Lag grows when the step's last third is clearly slower than its first (p50 × 1.5 and +25 ms), or
 * when the stage completed the step's bookings at less than 90 % of the offered rate: a backlog
 * drained out of order (the relay takes shard by shard) does not always show as a trend.
 */
export function lagVerdict(
  latencies: readonly number[],
  completions: readonly number[],
  offeredPerSecond: number,
): LagVerdict {
  const third = Math.floor(latencies.length / 3);
  const first = figures(latencies.slice(0, third)).p50;
  const last = figures(latencies.slice(latencies.length - third)).p50;
  const done = completions.filter((t) => Number.isFinite(t));
  const spanMs = Math.max(...done) - Math.min(...done);
  const completedPerSecond =
    done.length > 1 && spanMs > 0 ? ((done.length - 1) / spanMs) * 1_000 : Number.NaN;
  const slower = last > first * 1.5 && last - first > 25;
  const behind = done.length < latencies.length || completedPerSecond < 0.9 * offeredPerSecond;
  return { grows: slower || behind, first, last, completedPerSecond };
}

/** A bare acks=all produce every PROBE_EVERY_MS to a topic of the run: the broker's share of a relay hop. */
function startProduceProbe(brokers: string[], topic: string) {
  const kafka = new Kafka({ clientId: "bench-ramp-probe", brokers, logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  const samples: Array<{ at: number; ms: number }> = [];
  let running = true;
  const loop = (async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }] });
    await admin.disconnect();
    await producer.connect();
    while (running) {
      const started = performance.now();
      await producer.send({ topic, acks: -1, messages: [{ value: "probe" }] });
      samples.push({ at: Date.now(), ms: performance.now() - started });
      await pause(PROBE_EVERY_MS);
    }
    await producer.disconnect();
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** The run's topics and groups (every name suffixed by its namespace) off the shared broker. */
export async function dropNamespace(brokers: string[], namespace: string): Promise<void> {
  const admin = new Kafka({ clientId: "bench-ramp-admin", brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const tail = `.${namespace}`;
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((g) => g.endsWith(tail));
    if (groups.length > 0) await admin.deleteGroups(groups).catch(() => {});
    const topics = (await admin.listTopics()).filter((t) => t.endsWith(tail));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

export async function rampUnderLoad(
  brokers: string[],
  options: RampOptions = rampOptions(),
): Promise<BenchResult[]> {
  const runId = Date.now().toString(36);
  const namespace = `bench-ramp-${runId}`;
  const database = await createBenchDatabase("pin_bench_peers_ramp");
  const log = createLogger({ level: "error", pretty: false });
  const env: Env = {
    NODE_ENV: "production",
    // Each process its own free operations port (decision 0549: production serves one, 9464 by default).
    PIN_OPS_PORT: "0",
    ...BENCH_API_ENV,
    DATABASE_URL: database.url,
    KAFKA_BROKERS: brokers.join(","),
    PIN_KAFKA_CLIENT: BENCH_KAFKA_CLIENT,
    PIN_KAFKA_NAMESPACE: namespace,
    PIN_SEED_DEMO: "false",
    // dev-stats is off the booking path; off, so ClickHouse/chdb loads neither mode
    PIN_ANALYTICS: "off",
    ...(process.env.PIN_COMMIT_SIGNALS ? { PIN_COMMIT_SIGNALS: process.env.PIN_COMMIT_SIGNALS } : {}),
    // Any other setting to try on every role process, e.g. BENCH_PEERS_RAMP_ENV="PIN_DB_POOL_SIZE=30"
    ...pinEnvOverrides("BENCH_PEERS_RAMP_ENV"),
  };
  const settings = loadSettings({ ...env });
  const total = options.steps.reduce((n, rate) => n + rate * options.stepSeconds, 0);
  let deployment: Deployment | null = null;
  let client: ReturnType<typeof createClient> | null = null;
  try {
    deployment =
      options.processes === 1
        ? await oneProcess(env, runId)
        : await roleDeployment(options.processes, env, database.url, runId);
    const { db, url } = deployment;
    const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
    const token = await tokens.sign({ userId: DEMO_USERS.agent.userId, roles: ["agent"], tenantId: null });
    await seedDemoChessboard({ db, clock: systemClock, log });
    await seedDemoCrm({ db, clock: systemClock, log });
    await seedApartments(db, total);
    let objects: string[] = [];
    await waitUntil(
      "the structure to reach crm and the catalog",
      async () => {
        objects = await bookableObjects({ db });
        return objects.length >= total;
      },
      { everyMs: 500, timeoutMs: 300_000 },
    );
    await pause(2_000); // let the last structure events settle
    objects = await bookableObjects({ db });
    const deals = await seedDeals({ db }, total);
    const samples: Sample[] = [];
    for (const [step, rate] of options.steps.entries())
      for (let i = 0; i < rate * options.stepSeconds; i++)
        samples.push({
          step,
          dealId: deals[samples.length]!,
          propertyObjectId: objects[samples.length]!,
          sentAt: 0,
          answeredAt: Number.NaN,
          deliveredAt: Number.NaN,
        });
    const byObject = new Map(samples.map((s) => [s.propertyObjectId, s]));

    client = createClient({
      url: url.replace(/^http/, "ws"),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    let delivered = 0;
    const stopWatching = await watchReserved(client, (propertyObjectId) => {
      const sample = byObject.get(propertyObjectId);
      if (sample && Number.isNaN(sample.deliveredAt)) {
        sample.deliveredAt = Date.now();
        delivered += 1;
      }
    });

    const probe = startProduceProbe(brokers, `bench-ramp-probe.${namespace}`);
    const stepWindows: Array<{ from: number; to: number }> = [];
    const inFlight: Promise<void>[] = [];
    let failed = 0;
    let next = 0;
    for (const [step, rate] of options.steps.entries()) {
      const everyMs = 1_000 / rate;
      const started = Date.now();
      stepWindows.push({ from: started, to: started + options.stepSeconds * 1_000 });
      console.log(`  ramp step ${step + 1}: ${rate} bookings/s for ${options.stepSeconds} s`);
      for (let i = 0; i < rate * options.stepSeconds; i++) {
        const sample = samples[next++]!;
        const at = started + i * everyMs;
        if (at > Date.now()) await pause(at - Date.now());
        sample.sentAt = Date.now();
        inFlight.push(
          graphqlCreate(url, token, {
            dealId: sample.dealId,
            propertyObjectId: sample.propertyObjectId,
          }).then(
            () => {
              sample.answeredAt = Date.now();
            },
            () => {
              failed += 1;
            },
          ),
        );
      }
    }
    await Promise.all(inFlight);
    const drainStarted = Date.now();
    await waitUntil("every subscriber delivery", async () => delivered >= samples.length - failed, {
      everyMs: 50,
      timeoutMs: DRAIN_TIMEOUT_MS,
    }).catch(() => {});
    const drainedAfterMs = Date.now() - drainStarted;
    await probe.stop();
    const ids = samples.map((s) => s.propertyObjectId);
    await waitUntil(
      "every catalog card",
      async () => [...(await trails(db, ids)).values()].every((t) => Number.isFinite(t.cardWritten)),
      { everyMs: 250, timeoutMs: DRAIN_TIMEOUT_MS },
    ).catch(() => {});
    await stopWatching();
    const trailOf = await trails(db, ids);
    const missing: Trail = {
      crmEnqueued: Number.NaN,
      crmPublished: Number.NaN,
      chessboardBegun: Number.NaN,
      chessboardEnqueued: Number.NaN,
      chessboardPublished: Number.NaN,
      catalogBegun: Number.NaN,
      cardWritten: Number.NaN,
    };

    const mode = options.processes === 1 ? "1 process" : `${options.processes} processes`;
    const note = `${mode}: ${deployment.describe}; ramp ${options.steps.join(" → ")} bookings/s, ${options.stepSeconds} s each (open loop), Kafka ${BENCH_KAFKA_CLIENT}, production settings (relay idle poll ${settings.outboxRelayIntervalMs} ms, consumer flush ${settings.consumerFlushMs} ms, commit signals ${settings.commitSignals ? "on" : "off"}); ${failed} createBooking failed; subscriber drain after the last send ${drainedAfterMs} ms`;
    const results: BenchResult[] = [];
    const lines: string[] = [
      `\nramp, ${mode} (${note})`,
      "| step | stage | n | p50 ms | p99 ms | mean ms | share of mean |",
      "|---|---|---|---|---|---|---|",
    ];
    for (const [step, rate] of options.steps.entries()) {
      const inStep = samples.filter((s) => s.step === step);
      const marks: Marks[] = inStep.map((s) => ({
        ...(trailOf.get(s.propertyObjectId) ?? missing),
        sent: s.sentAt,
        answered: s.answeredAt,
        delivered: s.deliveredAt,
      }));
      const span = (from: keyof Marks, to: keyof Marks) => marks.map((m) => m[to] - m[from]);
      const whole = {
        subscriber: figures(span("sent", "delivered")).mean,
        catalog: figures(span("sent", "cardWritten")).mean,
        side: Number.NaN,
      };
      for (const [name, branch, from, to] of STAGES) {
        const f = figures(span(from, to));
        const share = Number.isFinite(whole[branch])
          ? `${((f.mean / whole[branch]) * 100).toFixed(0)} %`
          : "";
        lines.push(
          `| ${rate}/s | ${name} | ${f.n} | ${f.p50.toFixed(0)} | ${f.p99.toFixed(0)} | ${f.mean.toFixed(0)} | ${share} |`,
        );
        results.push(alone(`ramp ${mode} ${rate}/s: ${name} p50`, f.p50, "ms", note));
        results.push(alone(`ramp ${mode} ${rate}/s: ${name} p99`, f.p99, "ms", note));
      }
      const window = stepWindows[step]!;
      const produce = figures(
        probe.samples.filter((p) => p.at >= window.from && p.at < window.to).map((p) => p.ms),
      );
      lines.push(
        `| ${rate}/s | (probe) bare acks=all produce | ${produce.n} | ${produce.p50.toFixed(1)} | ${produce.p99.toFixed(1)} | ${produce.mean.toFixed(1)} | |`,
      );
      const sub = lagVerdict(
        span("sent", "delivered"),
        marks.map((m) => m.delivered),
        rate,
      );
      const card = lagVerdict(
        span("sent", "cardWritten"),
        marks.map((m) => m.cardWritten),
        rate,
      );
      const verdict = (v: LagVerdict) =>
        `${v.grows ? "GROWS" : "steady"} (p50 first third ${v.first.toFixed(0)} → last third ${v.last.toFixed(0)} ms; completed ${v.completedPerSecond.toFixed(1)}/s)`;
      lines.push(`| ${rate}/s | lag: subscriber ${verdict(sub)}; card ${verdict(card)} | | | | | |`);
      results.push(alone(`ramp ${mode} ${rate}/s: subscriber lag grows`, sub.grows ? 1 : 0, "bool", note));
      results.push(alone(`ramp ${mode} ${rate}/s: card lag grows`, card.grows ? 1 : 0, "bool", note));
    }
    console.log(lines.join("\n"));
    writeFileSync(
      path.join(logDir(runId), "samples.json"),
      JSON.stringify({ options, note, samples, trails: [...trailOf] }),
    );
    return results;
  } finally {
    await client?.dispose();
    await deployment?.stop();
    await dropNamespace(brokers, namespace).catch(() => {});
    await database.drop();
  }
}
