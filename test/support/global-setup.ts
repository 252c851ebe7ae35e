// Global setup of the `integration` vitest project (see vitest.config.ts).
// 1. Brings up the services that no TEST_* variable points elsewhere, with the very script
//    `npm run infra:up` runs (scripts/infra/up.sh: idempotent, installs only what is missing,
//    reuses whatever already answers on the fixed ports, whoever started it). Services it starts
//    keep running after the run, so a second `npm test` starts nothing; `npm run infra:down` stops
//    them. TEST_INFRA_UP=0 turns this off (then only TEST_* / .infra/services.env / Docker count).
// 2. Loads .infra/services.env (written by up.sh) into process.env without overriding variables
//    that are already set.
// 3. Decides, once per run, where PostgreSQL, Kafka and ClickHouse come from (TEST_* variable,
//    else a testcontainers container when Docker answers, else MISSING) — see services.ts.
// 4. Prints one banner with the outcome and hands it to the test files (`inject("pinServices")`).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { sweepStaleBuilds } from "../faults/rig/build-main.js";
import { RUN_ID_ENV, sweepOrphans } from "../faults/rig/process-registry.js";
import { newRunId, RUN_ID_ENV as TEST_RUN_ID_ENV } from "./isolation.js";
import { deleteRunKafkaNames } from "./isolation-cleanup.js";
import {
  isCI,
  resolveServices,
  SERVICE_ENV,
  SERVICE_NAMES,
  type ServiceName,
  type ServicesStatus,
  type StartedService,
} from "./services.js";

const SERVICES_ENV_FILE = fileURLToPath(new URL("../../.infra/services.env", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const INFRA_UP_SCRIPT = fileURLToPath(new URL("../../scripts/infra/up.sh", import.meta.url));
/** Generous: a first run on a bare machine installs ClickHouse and copies the Kafka jars. */
const INFRA_UP_TIMEOUT_MS = 15 * 60_000;

export interface InfraUpOutcome {
  /** services handed to up.sh (those no TEST_* variable already points at) */
  readonly requested: ServiceName[];
  readonly ok: boolean;
  readonly ms: number;
  /** why up.sh was not run, or how it failed */
  readonly note?: string;
}

/**
 * Runs scripts/infra/up.sh for the services that no TEST_* variable names. Never stops or
 * restarts anything: up.sh reuses services that answer and only starts what is down.
 */
export function infraUp(env: NodeJS.ProcessEnv = process.env): InfraUpOutcome {
  const requested = SERVICE_NAMES.filter((n) => !env[SERVICE_ENV[n]]?.trim());
  if (env.TEST_INFRA_UP === "0") return { requested: [], ok: true, ms: 0, note: "TEST_INFRA_UP=0" };
  if (requested.length === 0) return { requested, ok: true, ms: 0, note: "every TEST_* variable is set" };
  const t0 = Date.now();
  console.log(`[test setup] bash scripts/infra/up.sh ${requested.join(" ")} (starts only what is down)`);
  const run = spawnSync("bash", [INFRA_UP_SCRIPT, ...requested], {
    cwd: REPO_ROOT,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: INFRA_UP_TIMEOUT_MS,
  });
  const ms = Date.now() - t0;
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`.trimEnd();
  if (run.status === 0) {
    // The per-service lines say what was reused and what was started.
    const said = output
      .split("\n")
      .filter((l) => /^\[infra\] (postgres|kafka|clickhouse):/.test(l))
      .join("\n");
    if (said) console.log(said);
    console.log(`[test setup] services ready in ${(ms / 1000).toFixed(1)} s`);
    return { requested, ok: true, ms };
  }
  const why = run.error ? run.error.message : `exit ${run.status ?? run.signal}`;
  console.warn(`[test setup] scripts/infra/up.sh failed (${why}) after ${ms} ms; its output:\n${output}`);
  return { requested, ok: false, ms, note: `scripts/infra/up.sh failed (${why})` };
}

/** Loads KEY=VALUE lines; returns the keys it set. */
export function loadEnvFile(file: string): string[] {
  if (!existsSync(file)) return [];
  const set: string[] = [];
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    if (process.env[key] === undefined) {
      process.env[key] = value;
      set.push(key);
    }
  }
  return set;
}

function banner(status: ServicesStatus, fromFile: string[]): string {
  const width = 100;
  const rule = "=".repeat(width);
  const lines = [rule, "PIN integration services"];
  for (const name of SERVICE_NAMES) {
    const st = status[name];
    const env = SERVICE_ENV[name];
    if (st.available) {
      const origin =
        st.source === "testcontainers"
          ? "testcontainers"
          : `${env}${fromFile.includes(env) ? " from .infra/services.env" : ""}`;
      lines.push(`  ${name.padEnd(11)} available  ${st.url}  (${origin})`);
    } else {
      lines.push(`  ${name.padEnd(11)} MISSING    ${st.reason}`);
    }
  }
  const missing = SERVICE_NAMES.filter((n) => !status[n].available);
  if (missing.length > 0) {
    lines.push(
      isCI()
        ? `  CI=true: every test that needs ${missing.join(", ")} will FAIL.`
        : `  Tests that need ${missing.join(", ")} will be SKIPPED (CI=true would fail them). scripts/infra/up.sh could not start them (see its output above).`,
    );
  }
  lines.push(rule);
  return `\n${lines.join("\n")}\n`;
}

/** Processes earlier runs' tests left behind (their test process died): killed, listed (issue #21). */
function sweepLeftovers(when: string, run?: string): void {
  const killed = sweepOrphans(run === undefined ? {} : { run });
  sweepStaleBuilds();
  if (killed.length > 0)
    console.warn(
      `[test ${when}] killed ${killed.length} process(es) a test left behind: ${killed.map((p) => `${p.name} (pid ${p.pid})`).join(", ")}`,
    );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  sweepLeftovers("setup");
  // The workers forked for this run inherit it: their processes are this run's to sweep at the end.
  const run = String(process.pid);
  process.env[RUN_ID_ENV] = run;
  // The run id of the per-file Kafka namespaces (test/support/isolation.ts, decision 0410).
  process.env[TEST_RUN_ID_ENV] ??= newRunId();
  const testRun = process.env[TEST_RUN_ID_ENV];
  infraUp();
  const fromFile = loadEnvFile(SERVICES_ENV_FILE);
  const started: StartedService[] = [];
  const status = await resolveServices(started);
  const text = banner(status, fromFile);
  if (SERVICE_NAMES.every((n) => status[n].available)) console.log(text);
  else console.warn(text);
  project.provide("pinServices", status);

  return async () => {
    // This run's topics and groups (every file had its own namespace): gone, so runs do not pile up.
    if (status.kafka.available && status.kafka.url) await deleteRunKafkaNames(status.kafka.url, testRun);
    await Promise.allSettled(started.map((s) => s.stop()));
    sweepLeftovers("teardown", run);
  };
}
