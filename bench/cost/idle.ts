// The idle figure of the cost bench (issue #43): `npm start` of a checkout on embedded defaults
// (src/main.ts under tsx, its embedded PostgreSQL in a fresh data folder), left alone after its
// ready banner: the CPU of its whole process tree (node, PostgreSQL's postmaster, background
// processes and backends) over a quiet window, in cores.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../test/support/npm-start.js";
import { pause } from "../peers/measure.js";
import type { Checkout } from "./checkout.js";
import { commOf, cpuMsBetween, processTree, readCpu } from "./proc-cpu.js";

const READY_TIMEOUT_MS = 300_000;

export interface IdleFigures {
  readonly seconds: number;
  /** cores (CPU seconds per second) of node, of PostgreSQL's processes and in total */
  readonly node: number;
  readonly postgres: number;
  readonly total: number;
}

function waitReady(child: ChildProcess): Promise<void> {
  let text = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start not ready:\n${text.slice(-4000)}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("PIN is ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${text.slice(-4000)}`));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

/** `settleSeconds` after ready (the seed's events drain), then `seconds` measured. */
export async function idleWindow(
  checkout: Checkout,
  seconds: number,
  settleSeconds: number,
): Promise<IdleFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pin-bench-idle-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: checkout.dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(await freePort()),
      PIN_EMBEDDED_PG_PORT: String(await freePort()),
      PIN_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    await waitReady(child);
    await pause(settleSeconds * 1_000);
    const root = child.pid!;
    const isPostgres = (pid: number) => commOf(pid) === "postgres";
    // node (and anything else it started, e.g. tsx's esbuild) vs the embedded PostgreSQL's processes
    const groups = [
      { name: "node", pids: async () => processTree(root).filter((pid) => !isPostgres(pid)) },
      { name: "postgres", pids: async () => processTree(root).filter(isPostgres) },
    ];
    const before = await readCpu(groups);
    await pause(seconds * 1_000);
    const cpu = cpuMsBetween(before, await readCpu(groups));
    const cores = (name: string) => (cpu.get(name) ?? 0) / (seconds * 1_000);
    return {
      seconds,
      node: cores("node"),
      postgres: cores("postgres"),
      total: cores("node") + cores("postgres"),
    };
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    const alias = `/var/tmp/pin-data-${createHash("sha256").update(dataDir).digest("hex").slice(0, 12)}`;
    rmSync(alias, { recursive: true, force: true });
  }
}
