// Global setup of the `integration` vitest project (see vitest.config.ts).
// 1. Loads .infra/services.env (written by `npm run infra:up`) into process.env without overriding
//    variables that are already set.
// 2. Decides, once per run, where PostgreSQL, Kafka and ClickHouse come from (TEST_* variable,
//    else a testcontainers container when Docker answers, else MISSING) — see services.ts.
// 3. Prints one banner with the outcome and hands it to the test files (`inject("pinServices")`).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import {
  isCI,
  resolveServices,
  SERVICE_ENV,
  SERVICE_NAMES,
  type ServicesStatus,
  type StartedService,
} from "./services.js";

const SERVICES_ENV_FILE = fileURLToPath(new URL("../../.infra/services.env", import.meta.url));

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
        : `  Tests that need ${missing.join(", ")} will be SKIPPED (CI=true would fail them). Start everything with: npm run infra:up`,
    );
  }
  lines.push(rule);
  return `\n${lines.join("\n")}\n`;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fromFile = loadEnvFile(SERVICES_ENV_FILE);
  const started: StartedService[] = [];
  const status = await resolveServices(started);
  const text = banner(status, fromFile);
  if (SERVICE_NAMES.every((n) => status[n].available)) console.log(text);
  else console.warn(text);
  project.provide("pinServices", status);

  return async () => {
    await Promise.allSettled(started.map((s) => s.stop()));
  };
}
