import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildMain } from "../../faults/rig/build-main.js";
import { startPinRoles } from "../../faults/rig/pin-roles.js";
import { alive, registeredByMe, sweepOrphans } from "../../faults/rig/process-registry.js";
import { createTestDatabase, describeWithService, type TestDatabase } from "../../support/services.js";

/**
 * Issue #21 item 5: a failed fault test leaves nothing running. When api-1 died at start, the
 * rig's other role processes used to stay behind, reparented to init, an hour later still running.
 * Now: startPinRoles stops every process when one fails to start; a daemon runs in a process
 * group of its own; the test process's exit hook kills what it registered; the global teardown
 * sweeps the registry for processes whose test process is gone (test/faults/rig/process-registry.ts).
 */
const REPO = path.resolve(import.meta.dirname, "../../..");
const FIXTURE = path.join(REPO, "test/faults/rig/fixtures/leave-daemon.ts");
const GONE_MS = 10_000;

/** Processes of this machine whose environment contains `needle` (Linux /proc) */
async function processesWithEnv(needle: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const environ = await readFile(`/proc/${entry}/environ`, "utf8").catch(() => "");
    if (environ.split("\0").includes(needle)) pids.push(Number(entry));
  }
  return pids;
}

/** The daemon and every process of its group (the shell's own child) ended */
async function gone(pid: number): Promise<boolean> {
  const running = () => alive(pid) || alive(-pid);
  const until = Date.now() + GONE_MS;
  while (running() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return !running();
}

/** `node --import tsx leave-daemon.ts <mode>`: resolves with the daemon it started, once printed */
function leaveDaemon(mode: "exit" | "hang") {
  let resolveDaemon!: (d: { pid: number; marker: string }) => void;
  const daemon = new Promise<{ pid: number; marker: string }>((resolve) => {
    resolveDaemon = resolve;
  });
  const child = execFile(process.execPath, ["--import", "tsx", FIXTURE, mode], { cwd: REPO });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    const line = out.split("\n").find((l) => l.startsWith("{"));
    if (line) resolveDaemon(JSON.parse(line) as { pid: number; marker: string });
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, daemon, exited };
}

describeWithService(
  ["postgres", "kafka"],
  "a failed fault test leaves nothing running (issue #21 item 5)",
  () => {
    let database: TestDatabase;
    let dir: string;
    let mainModule: string;

    beforeAll(async () => {
      [database, mainModule, dir] = await Promise.all([
        createTestDatabase("rig_cleanup"),
        buildMain(),
        mkdtemp(path.join(tmpdir(), "pin-rig-cleanup-")),
      ]);
    }, 120_000);
    afterAll(async () => {
      await database?.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("a role that dies at start takes the rig's other role processes with it: startPinRoles throws and none of them runs", async () => {
      const databaseUrl = database.url;
      const started = startPinRoles({
        databaseUrl,
        brokers: process.env.TEST_KAFKA_BROKERS as string,
        clickhouseUrl: process.env.TEST_CLICKHOUSE_URL ?? "http://127.0.0.1:8123",
        devstatsDatabase: "pin_rig_cleanup",
        dir,
        replicas: { api: 1, consumers: 2, workers: 2 },
        mainModule,
        // A setting out of range: the api role exits at start with a configuration error.
        roleEnv: { api: { PIN_API_DB_POOL_SIZE: "0" } },
      });
      // The others are up and starting while the api process dies.
      let seen: number[] = [];
      const watch = setInterval(async () => {
        const now = await processesWithEnv(`DATABASE_URL=${databaseUrl}`);
        if (now.length > seen.length) seen = now;
      }, 100);
      const error = await started.catch((e: unknown) => e);
      clearInterval(watch);
      expect(String(error)).toMatch(/api-1 exited while starting/);
      expect(seen.length, "role processes were running when the api died").toBeGreaterThanOrEqual(2);
      expect(await processesWithEnv(`DATABASE_URL=${databaseUrl}`), "role processes left running").toEqual(
        [],
      );
      expect(registeredByMe(), "processes still registered").toEqual([]);
    }, 240_000);

    it("a test process that exits without stopping its daemons: its exit hook kills their whole process group", async () => {
      const { daemon, exited } = leaveDaemon("exit");
      const { pid } = await daemon;
      await exited;
      expect(await gone(pid), `daemon ${pid} still runs after its test process exited`).toBe(true);
    }, 60_000);

    it("a test process killed with SIGKILL (no hook runs): the registry sweep of the global teardown kills what it left", async () => {
      const { child, daemon, exited } = leaveDaemon("hang");
      const { pid, marker } = await daemon;
      child.kill("SIGKILL");
      await exited;
      expect(alive(pid), "an orphan is left before the sweep").toBe(true);
      const killed = sweepOrphans();
      expect(killed.map((p) => p.marker)).toContain(marker);
      expect(await gone(pid), `daemon ${pid} still runs after the sweep`).toBe(true);
    }, 60_000);
  },
);
