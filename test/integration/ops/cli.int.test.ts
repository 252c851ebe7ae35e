import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../../src/cli/commands.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";

/** The CLI as an operator runs it (issue #44): a process, its exit code, stdout and stderr. */
function cli(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], {
    encoding: "utf8",
    env: { ...processEnvWithoutPin(), LOG_LEVEL: "warn", ...env },
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The test run's own PIN_* variables are not settings of the CLI (unknown ones stop a start). */
function processEnvWithoutPin(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PIN_")));
}

// Nothing listens there: a command that tried to reach the database would fail, not print help.
const NO_DATABASE = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };

describe("operations CLI: help without a database, typed flags, --json", () => {
  let db: MigratedDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase("cli");
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("--help lists every command and exits 0 without touching a database", () => {
    const r = cli(["--help"], NO_DATABASE);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toContain(c.spec.name);
  });

  it.each(COMMANDS.map((c) => c.spec.name))("%s --help exits 0 without a database", (name) => {
    const r = cli([name, "--help"], NO_DATABASE);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`usage: cli ${name}`);
    expect(r.stdout).toContain("--json");
  });

  it("a bad flag value exits 2 with one line naming the flag, before any database", () => {
    const r = cli(["dlq", "list", "--limit", "abc"], NO_DATABASE);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toEqual([
      'dlq: --limit: expected an integer in 1..100000, got "abc" (see: npm run cli -- dlq --help)',
    ]);
    expect(cli(["nonsense"], NO_DATABASE).code).toBe(2);
  });

  it("--json prints one JSON object per line on stdout", () => {
    const r = cli(["migrate", "--json"], { DATABASE_URL: db.url });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { migration: string; state: string });
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((row) => row.state === "applied" && /^\d{14}_/.test(row.migration))).toBe(true);
    const none = cli(["dlq", "list", "--json"], { DATABASE_URL: db.url });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe("");
  });
});
