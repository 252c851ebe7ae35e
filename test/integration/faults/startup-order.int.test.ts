import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenService } from "../../../src/platform/auth/jwt.js";
import type { Role } from "../../../src/platform/config/settings.js";
import { buildMain } from "../../faults/rig/build-main.js";
import { type FaultRig, startFaultRig } from "../../faults/rig/fault-rig.js";
import { type KafkaBroker, startKafkaBroker } from "../../faults/rig/kafka-broker.js";
import {
  createRoleProcess,
  type PinTopology,
  type RoleProcess,
  stopPinRoles,
} from "../../faults/rig/pin-roles.js";
import { TEST_JWT_SECRET } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";

/**
 * Issue #21, start-up order: PIN in Kafka mode, one role per process (the prebuilt main, as
 * production runs it), each role started BEFORE a dependency it needs — a fresh broker that never
 * ran (no topics, no group coordinator yet), PostgreSQL, ClickHouse. Every process must stay up and
 * reach ready by itself once the dependency appears, without a restart. A broker host that cannot
 * exist ends the start with one line naming KAFKA_BROKERS. Services: the faults rig's own
 * (decision 0180); the rig's provisioned broker is stopped and a fresh one used instead.
 */
const UP_TIMEOUT_MS = 120_000;
const POLL_MS = 250;
/** Long enough for several retry rounds of every part (backoff 0.25 s → 5 s / 0.5 s → 10 s). */
const HELD_DOWN_MS = 12_000;
const tokens = createTokenService({ secret: TEST_JWT_SECRET, issuer: "pin-platform" });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How the start-up waits poll: a process or service not up yet (a probe that throws) is "not yet". */
const UP = { timeoutMs: UP_TIMEOUT_MS, everyMs: POLL_MS, tolerateErrors: true } as const;

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function graphql(
  base: string,
  query: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = await tokens.sign({
    userId: "00000000-0000-4000-8000-0000000000a1",
    roles: ["admin"],
    tenantId: null,
  });
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function readyz(base: string): Promise<{ status: number; checks: Record<string, unknown> }> {
  const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as { checks: Record<string, unknown> };
  return { status: response.status, checks: body.checks };
}

/** Starts the processes without waiting: each promise settles on "PIN is ready" or an exit. */
function launch(processes: readonly RoleProcess[]): Array<Promise<unknown>> {
  return processes.map((p) =>
    p.daemon.start().then(
      () => "ready",
      (error: unknown) => error,
    ),
  );
}

function expectAllRunning(processes: readonly RoleProcess[]): void {
  for (const p of processes)
    expect(p.daemon.running(), `${p.name} still running:\n${p.daemon.tail()}`).toBe(true);
}

describe("start-up order: every role started before its dependency stays up and becomes ready (issue #21)", () => {
  let rig: FaultRig;
  let mainModule: string;
  let fresh: KafkaBroker;
  let index = 0;
  const started: RoleProcess[] = [];

  async function topology(databaseUrl: string, brokers = fresh.brokers): Promise<PinTopology> {
    return {
      databaseUrl,
      brokers,
      clickhouseUrl: rig.clickhouse.url,
      devstatsDatabase: `startup_${index + 1}`,
      dir: rig.dir,
      replicas: { api: 1, consumers: 1, workers: 1 },
      mainModule,
    };
  }

  /** One process of each role given, named with a fresh index so logs and broadcast groups differ per test. */
  async function roles(t: PinTopology, which: readonly Role[]): Promise<RoleProcess[]> {
    index += 1;
    const out: RoleProcess[] = [];
    for (const role of which) out.push(await createRoleProcess(t, role, index));
    started.push(...out);
    return out;
  }

  beforeAll(async () => {
    [rig, mainModule] = await Promise.all([startFaultRig(), buildMain()]);
    // A broker that has never run: formatted, started once to prove it works, stopped. Its next
    // start elects the group coordinator and creates __consumer_offsets while PIN is joining.
    await rig.kafka.daemon.stop();
    fresh = await startKafkaBroker(path.join(rig.dir, "fresh"));
    await fresh.daemon.stop();
  }, 600_000);

  afterAll(async () => {
    await stopPinRoles(started);
    await fresh?.daemon.stop();
    await rig?.stop();
  }, 120_000);

  it("before the broker: /healthz 200, /readyz 503 naming kafka, reads and outbox writes work; the broker appears → all ready, the outbox drains, without a restart", async () => {
    const databaseUrl = await rig.freshDatabase("startup_kafka");
    const processes = await roles(await topology(databaseUrl), ["workers", "consumers", "api"]);
    const api = processes.find((p) => p.role === "api")!;
    const base = api.base!;
    const ready = launch(processes);

    await eventually(async () => (await fetch(`${base}/healthz`)).status === 200, {
      what: "api /healthz",
      ...UP,
    });
    // The database check of a process just started can time out (3 s) on a loaded host while its
    // first connection opens: wait for it, then the broker is the one thing /readyz waits for.
    const waiting = await eventually(
      async () => {
        const r = await readyz(base);
        return r.checks.database === true ? r : null;
      },
      { what: "/readyz with the database up", ...UP },
    );
    expect(waiting.status).toBe(503);
    expect(waiting.checks.kafka).toBe("connecting");
    expect(waiting.checks.database).toBe(true);

    // A read that needs only PostgreSQL, and a mutation whose event waits in the outbox.
    const read = await graphql(base, "{ chessboardProjects { id } }");
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: { chessboardProjects: [] } });
    const write = await graphql(
      base,
      `mutation { upsertChessboardDeveloper(id: "0b8a3c2e-8d1f-4c5e-9a6b-3f2d1e0c9b8a", name: "Застройщик Старт") { __typename } }`,
    );
    expect(write.body).toEqual({
      data: { upsertChessboardDeveloper: { __typename: "MutationUpsertChessboardDeveloperSuccess" } },
    });
    const [waitingRows] = await sql<{ n: string }>(
      databaseUrl,
      "SELECT count(*) AS n FROM platform.outbox WHERE published_at IS NULL",
    );
    expect(Number(waitingRows?.n)).toBeGreaterThan(0);

    await pause(HELD_DOWN_MS);
    expectAllRunning(processes);

    await fresh.daemon.start();
    const outcomes = await Promise.all(ready);
    expect(outcomes, processes.map((p) => p.daemon.tail()).join("\n----\n")).toEqual(
      processes.map(() => "ready"),
    );
    expectAllRunning(processes);
    await eventually(async () => (await readyz(base)).status === 200, { what: "/readyz 200", ...UP });
    await eventually(
      async () => {
        const [row] = await sql<{ pending: string; consumed: string }>(
          databaseUrl,
          `SELECT (SELECT count(*) FROM platform.outbox WHERE published_at IS NULL) AS pending,
                  (SELECT count(*) FROM platform.processed_messages) AS consumed`,
        );
        return Number(row?.pending) === 0 && Number(row?.consumed) > 0;
      },
      { what: "the outbox drained and the event consumed", ...UP },
    );
    // Each failed start of a consumer was counted (the api's broadcast consumers here).
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(
      /pin_kafka_consumer_restarts_total\{runner="broadcast-[a-z-]+",kind="not-ready"\} [1-9]/,
    );
    await stopPinRoles(processes);
  }, 400_000);

  it("before PostgreSQL: the roles wait for it and become ready once it is back", async () => {
    const databaseUrl = await rig.freshDatabase("startup_pg");
    const processes = await roles(await topology(databaseUrl), ["workers", "consumers", "api"]);
    const outage = rig.postgres.restart(HELD_DOWN_MS + 8_000);
    await eventually(
      async () => {
        try {
          await sql(rig.postgres.adminUrl, "SELECT 1");
          return false;
        } catch {
          return true;
        }
      },
      { what: "PostgreSQL down", ...UP },
    );
    const ready = launch(processes);
    await pause(HELD_DOWN_MS);
    expectAllRunning(processes);
    await outage;
    const outcomes = await Promise.all(ready);
    expect(outcomes, processes.map((p) => p.daemon.tail()).join("\n----\n")).toEqual(
      processes.map(() => "ready"),
    );
    const api = processes.find((p) => p.role === "api")!;
    await eventually(async () => (await readyz(api.base!)).status === 200, { what: "/readyz 200", ...UP });
    await stopPinRoles(processes);
  }, 400_000);

  it("before ClickHouse: the consumers wait for it, then run with the funnel on", async () => {
    const databaseUrl = await rig.freshDatabase("startup_ch");
    const processes = await roles(await topology(databaseUrl), ["consumers"]);
    const consumers = processes[0]!;
    await rig.clickhouse.daemon.stop();
    const ready = launch(processes);
    const logFile = path.join(rig.dir, `${consumers.name}.log`);
    // ClickHouse comes back once the consumers have met it down — not after a fixed pause, which a
    // loaded host's slow start outlasted (the process reached ClickHouse after it was back up).
    await eventually(
      async () => (await readFile(logFile, "utf8").catch(() => "")).includes("ClickHouse not reachable yet"),
      { what: "the consumers met ClickHouse down", ...UP },
    );
    await pause(HELD_DOWN_MS);
    expectAllRunning(processes);
    await rig.clickhouse.daemon.start();
    const [outcome] = await Promise.all(ready);
    expect(outcome, consumers.daemon.tail()).toBe("ready");
    const log = await readFile(logFile, "utf8");
    expect(log).toContain("ClickHouse not reachable yet");
    expect(log).not.toContain("dev-stats funnel disabled");
    await stopPinRoles(processes);
  }, 400_000);

  it("an unknown broker host ends the start with one line naming KAFKA_BROKERS (exit code 2)", async () => {
    const databaseUrl = await rig.freshDatabase("startup_host");
    const processes = await roles(await topology(databaseUrl, "kafka.invalid:9092"), ["workers"]);
    const [outcome] = await Promise.all(launch(processes));
    expect(String(outcome)).toMatch(/exited while starting \(2\)/);
    expect(String(outcome)).toMatch(
      /PIN failed to start: configuration error: Invalid setting KAFKA_BROKERS: unknown broker host/,
    );
  }, 200_000);
});
