import { createPrismaClient, type Db } from "../../../src/platform/db/prisma-client.js";
import type { FaultRig } from "../rig/fault-rig.js";
import { type RoleProcess, startPinRoles, stopPinRoles } from "../rig/pin-roles.js";
import { type ApiClient, createApiClient } from "./api-client.js";
import { createPrng, type Prng } from "./prng.js";
import { lagReport, waitForQuiescence } from "./quiescence.js";
import { type Verdict, verify } from "./verify.js";
import { createLedger, type Ledger, runWorkload } from "./workload.js";
import { createWorld, type World } from "./world.js";

/**
 * A session on the rig: a fresh database and ClickHouse database, every role in its own processes
 * (two of each), the world. Phases then run the mixed stream with a fault hooked into it (kills,
 * an outage), wait for quiescence and compare every read model; the ledger carries over, so each
 * phase's verdict covers everything the session did so far. One session serves every scenario:
 * starting six processes costs more than a phase in CI.
 */
export interface Session {
  readonly seed: number;
  readonly db: Db;
  readonly processes: readonly RoleProcess[];
  readonly world: World;
  readonly ledger: Ledger;
  readonly prng: Prng;
  readonly api: ApiClient;
  readonly rig: FaultRig;
  readonly devstatsDatabase: string;
  stop(): Promise<void>;
}

export interface Fault {
  onEvent(events: number): Promise<void>;
  done(): Promise<void>;
  /** True while the fault still needs load (the stream then goes on past its count, up to maxEvents) */
  busy?(): boolean;
}

export interface PhaseReport {
  readonly name: string;
  readonly seed: number;
  readonly events: number;
  readonly ledger: Ledger;
  readonly verdict: Verdict;
  /** From the end of the stream (and of the fault) to nothing left to do */
  readonly drainMs: number;
  /** Epoch ms when quiescence was reached */
  readonly drainedAt: number;
  readonly quiet: boolean;
  readonly streamMs: number;
  readonly backlogAtEnd: unknown;
}

const OBJECTS_PER_EVENT = 1 / 10;
const REPLICA_WAIT_MS = 120_000;

export async function startSession(options: {
  rig: FaultRig;
  mainModule: string;
  seed: number;
  lanes: number;
  /** All the events the session will issue (sizes the apartment pool) */
  totalEvents: number;
  /** Processes per role; default two of each */
  replicas?: Readonly<Record<"api" | "consumers" | "workers", number>>;
}): Promise<Session> {
  const { rig } = options;
  const databaseUrl = await rig.freshDatabase("faults");
  const devstatsDatabase = `pin_faults_${Date.now().toString(36)}`;
  const db = createPrismaClient({ url: databaseUrl, maxConnections: 6 });
  const processes = await startPinRoles({
    databaseUrl,
    brokers: rig.kafka.brokers,
    clickhouseUrl: rig.clickhouse.url,
    devstatsDatabase,
    dir: rig.dir,
    replicas: options.replicas ?? { api: 2, consumers: 2, workers: 2 },
    mainModule: options.mainModule,
  });
  try {
    const objectsPerLane = Math.max(12, Math.ceil((options.totalEvents * OBJECTS_PER_EVENT) / options.lanes));
    const world = await createWorld(db, options.lanes, objectsPerLane);
    // crm books only what its replica knows: wait for chessboard's objects to go round once.
    const objects = world.lanes.reduce((n, l) => n + l.objectIds.length, 0);
    const deadline = Date.now() + REPLICA_WAIT_MS;
    while ((await db.crmPropertyObjectReplica.count()) < objects && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const api = createApiClient(() => processes.filter((p) => p.base !== null).map((p) => p.base as string));
    return {
      seed: options.seed,
      db,
      processes,
      world,
      ledger: createLedger(),
      prng: createPrng(options.seed),
      api,
      rig,
      devstatsDatabase,
      async stop() {
        await stopPinRoles(processes);
        await db.$disconnect();
      },
    };
  } catch (error) {
    await stopPinRoles(processes);
    await db.$disconnect();
    throw error;
  }
}

export async function runPhase(
  session: Session,
  options: { name: string; events: number; fault: Fault; quiescenceTimeoutMs: number; maxEvents?: number },
): Promise<PhaseReport> {
  const { db, rig, ledger } = session;
  const before = ledger.events;
  const started = Date.now();
  await runWorkload(
    {
      db,
      api: session.api,
      world: session.world,
      ledger,
      prng: session.prng,
      onEvent: (n) => options.fault.onEvent(n - before),
      ...(options.fault.busy
        ? {
            keepGoing: {
              while: () => options.fault.busy?.() ?? false,
              cap: before + (options.maxEvents ?? options.events * 4),
            },
          }
        : {}),
    },
    before + options.events,
  );
  await options.fault.done();
  const streamMs = Date.now() - started;
  const drained = await waitForQuiescence(db, rig.kafka.brokers, options.quiescenceTimeoutMs);
  const drainedAt = Date.now();
  if (!drained.quiet)
    for (const line of await lagReport(rig.kafka.brokers).catch((e: unknown) => [
      `lag report failed: ${String(e)}`,
    ]))
      console.log(`[faults]   lag: ${line}`);
  // The funnel's ClickHouse sink writes on its own timer after the offsets it covers.
  await new Promise((r) => setTimeout(r, 1_000));
  const verdict = await verify({
    db,
    world: session.world,
    ledger,
    clickhouseUrl: rig.clickhouse.url,
    devstatsDatabase: session.devstatsDatabase,
  });
  return {
    name: options.name,
    seed: session.seed,
    events: ledger.events - before,
    ledger,
    verdict,
    drainMs: drained.ms,
    drainedAt,
    quiet: drained.quiet,
    streamMs,
    backlogAtEnd: drained.last,
  };
}

export function summary(report: PhaseReport): string {
  const v = report.verdict;
  const kinds = [...report.ledger.byKind].map(([k, n]) => `${k}=${n}`).join(" ");
  return [
    `[faults] ${report.name}: seed ${report.seed}, ${report.events} events in ${(report.streamMs / 1000).toFixed(1)} s (session so far: ${report.ledger.events}: ${kinds})`,
    `[faults]   drained in ${(report.drainMs / 1000).toFixed(1)} s after the stream (quiet: ${report.quiet}, last backlog ${JSON.stringify(report.backlogAtEnd)})`,
    `[faults]   compared ${JSON.stringify(v.compared)}`,
    `[faults]   lost ${v.lost.length}, applied twice ${v.duplicated.length}, stuck ${v.stuck.length}, LIM-1 ${v.lim1.length}; unknown outcomes re-read ${report.ledger.resyncs}; lag refusals ${JSON.stringify(Object.fromEntries(report.ledger.lagRefusals))}; unexpected refusals ${report.ledger.unexpected.length}`,
    ...[...v.lost, ...v.duplicated, ...v.stuck, ...v.lim1, ...report.ledger.unexpected]
      .slice(0, 40)
      .map((line) => `[faults]     ${line}`),
  ].join("\n");
}
