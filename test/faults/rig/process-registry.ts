import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Every server process a test starts (the rig's brokers, ClickHouse, PostgreSQL and PIN's role
 * processes) is written down here while it runs, so that nothing outlives the test that started
 * it, pass or fail (issue #21 item 5):
 *  1. a daemon runs in a process group of its own (spawn detached), stopped by signalling the
 *     whole group (kill(-pgid)), so whatever it started goes with it;
 *  2. an exit hook of the test process kills every group still registered by it, whatever the
 *     way out (a failed beforeAll, an uncaught error, process.exit);
 *  3. the registry — one file per process in .infra/test-processes/ — is swept by the integration
 *     project's global setup and teardown: an entry whose owner (the test process that started
 *     it) is gone is an orphan, and is killed if the pid still runs the command it was given.
 */
export interface RegisteredProcess {
  readonly pid: number;
  /** true: pid leads its own process group, killed as -pid; false: pid alone (its children follow it) */
  readonly group: boolean;
  readonly name: string;
  /** A string of the process's command line (its data folder, its module): guards against pid reuse */
  readonly marker: string;
  /** The test process that started it */
  readonly owner: number;
  /** The test run (PIN_TEST_RUN_ID, set by the global setup: the vitest process's pid) */
  readonly run: string | null;
}

const REPO = path.resolve(import.meta.dirname, "../../..");
export const REGISTRY_DIR = path.join(REPO, ".infra/test-processes");

const live = new Map<number, RegisteredProcess>();
let hooked = false;

const entryFile = (pid: number) => path.join(REGISTRY_DIR, `${pid}.json`);

function signal(entry: RegisteredProcess, sig: NodeJS.Signals): void {
  try {
    process.kill(entry.group ? -entry.pid : entry.pid, sig);
  } catch {
    // already gone
  }
}

function killLive(): void {
  for (const entry of live.values()) {
    signal(entry, "SIGKILL");
    rmSync(entryFile(entry.pid), { force: true });
  }
}

/** Set by the global setup for the workers it forks: the registry's entries name their run. */
export const RUN_ID_ENV = "PIN_TEST_RUN_ID";

export function register(entry: Omit<RegisteredProcess, "owner" | "run">): void {
  const full: RegisteredProcess = { ...entry, owner: process.pid, run: process.env[RUN_ID_ENV] ?? null };
  live.set(entry.pid, full);
  mkdirSync(REGISTRY_DIR, { recursive: true });
  writeFileSync(entryFile(entry.pid), JSON.stringify(full));
  if (!hooked) {
    hooked = true;
    process.once("exit", killLive);
  }
}

export function unregister(pid: number): void {
  live.delete(pid);
  rmSync(entryFile(pid), { force: true });
}

/** The processes this test process registered and that still run */
export function registeredByMe(): RegisteredProcess[] {
  return [...live.values()];
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    try {
      return execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" });
    } catch {
      return "";
    }
  }
}

/** The pid still runs what was registered (not a reused pid) */
export function stillRuns(entry: RegisteredProcess): boolean {
  return alive(entry.pid) && commandLine(entry.pid).includes(entry.marker);
}

/**
 * Kills every registered process whose owner is gone, or that belongs to `run` (the global
 * teardown: every test of the run is over, even if a worker process has not exited yet), and
 * forgets them. Returns what it killed. Global setup and teardown call it; a test may too.
 */
export function sweepOrphans(options: { run?: string } = {}): RegisteredProcess[] {
  let files: string[];
  try {
    files = readdirSync(REGISTRY_DIR).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  const killed: RegisteredProcess[] = [];
  for (const file of files) {
    const at = path.join(REGISTRY_DIR, file);
    let entry: RegisteredProcess;
    try {
      entry = JSON.parse(readFileSync(at, "utf8")) as RegisteredProcess;
    } catch {
      rmSync(at, { force: true });
      continue;
    }
    const ofRun = options.run !== undefined && entry.run === options.run;
    if (!ofRun && entry.owner !== process.pid && alive(entry.owner)) continue;
    if (stillRuns(entry)) {
      signal(entry, "SIGKILL");
      killed.push(entry);
    }
    rmSync(at, { force: true });
  }
  return killed;
}
