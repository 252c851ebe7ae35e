import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildMain } from "../../faults/rig/build-main.js";
import { TEST_JWT_SECRET } from "../../support/app.js";
import { type AppProcess, startAppProcess } from "../../support/app-process.js";
import { isolationEnv } from "../../support/isolation.js";
import { migratedTemplate } from "../../support/migrated-template.js";
import { freePort } from "../../support/npm-start.js";
import {
  createTestDatabase,
  describeWithService,
  kafkaBrokers,
  pgAdminUrl,
  type TestDatabase,
} from "../../support/services.js";

/**
 * Issue #40 items 2 and 4: each role ALONE in its own production process (the build, NODE_ENV=
 * production, Kafka), as a deployment runs one role per Deployment, serves /healthz, /readyz and
 * /metrics on PIN_OPS_PORT; its readiness names its own part; its log is JSON only. And the
 * production configuration that fails fast: no KAFKA_BROKERS, `migrate` with DATABASE_URL alone.
 */
const run = promisify(execFile);
type Role = "api" | "consumers" | "workers";
/** What each role's /readyz adds to the database and the broker, and a metric only it exports. */
const ROLE_SIGNS: Record<Role, { check: string; metric: string }> = {
  api: { check: "api", metric: "pin_ws_connections" },
  consumers: { check: "consumers", metric: "pin_consumer_group_running" },
  workers: { check: "workers", metric: "pin_outbox_backlog" },
};

describeWithService(["postgres", "kafka"], "each role alone in production mode, from the build", () => {
  let mainModule = "";
  let db: TestDatabase;
  const started: Array<{ role: Role; app: AppProcess; ops: string }> = [];

  async function startRole(role: Role): Promise<{ role: Role; app: AppProcess; ops: string }> {
    const opsPort = await freePort();
    const ops = `http://127.0.0.1:${opsPort}`;
    const app = await startAppProcess({
      args: ["--enable-source-maps", mainModule],
      env: {
        NODE_ENV: "production",
        DATABASE_URL: db.url,
        KAFKA_BROKERS: kafkaBrokers().join(","),
        ...isolationEnv(),
        PIN_JWT_SECRET: TEST_JWT_SECRET,
        PIN_ROLES: role,
        PIN_INSTANCE_ID: `prod-roles-${role}`,
        PIN_OPS_PORT: String(opsPort),
        PIN_ANALYTICS: "off",
        LOG_LEVEL: "info",
      },
      readyUrl: `${ops}/readyz`,
    });
    return { role, app, ops };
  }

  beforeAll(async () => {
    const [main, template] = await Promise.all([buildMain(), migratedTemplate(pgAdminUrl())]);
    mainModule = main;
    db = await createTestDatabase("prodroles", template);
    started.push(...(await Promise.all((["api", "consumers", "workers"] as const).map(startRole))));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(started.map((s) => s.app.dispose()));
    await db?.drop();
  });

  it("every role answers /healthz, /readyz (naming its own part) and /metrics on PIN_OPS_PORT, logs JSON only, and exits 0 on SIGTERM", async () => {
    for (const { role, app, ops } of started) {
      const health = await fetch(`${ops}/healthz`);
      expect(health.status, role).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });

      const ready = await fetch(`${ops}/readyz`);
      expect(ready.status, role).toBe(200);
      const body = (await ready.json()) as { status: string; checks: Record<string, unknown> };
      expect(body.status, role).toBe("ready");
      expect(body.checks, role).toMatchObject({
        startup: true,
        database: true,
        kafka: true,
        [ROLE_SIGNS[role].check]: true,
      });
      // Only this role's part: a consumers process has no api check, and so on.
      for (const other of Object.keys(ROLE_SIGNS).filter((r) => r !== role))
        expect(body.checks, `${role} has no ${other} check`).not.toHaveProperty(other);

      const metrics = await fetch(`${ops}/metrics`);
      expect(metrics.status, role).toBe(200);
      expect(await metrics.text(), role).toContain(ROLE_SIGNS[role].metric);
      expect((await fetch(`${ops}/graphql`)).status, role).toBe(404);

      if (role === "api") {
        // The api keeps /healthz and /readyz on its own port; /metrics is on the operations port only.
        expect((await fetch(`${app.base}/healthz`)).status).toBe(200);
        expect((await fetch(`${app.base}/readyz`)).status).toBe(200);
        expect((await fetch(`${app.base}/metrics`)).status).toBe(404);
      }
    }
    for (const { role, app } of started) {
      expect(await app.stop(), role).toBe(0);
      const lines = app
        .output()
        .split("\n")
        .filter((line) => line.trim() !== "");
      const plain = lines.filter((line) => !isJsonObject(line));
      expect(plain, `${role}: every line JSON`).toEqual([]);
      expect(app.output(), role).not.toContain("GraphiQL");
      expect(app.output(), role).toContain('"msg":"PIN is ready"');
    }
  }, 120_000);

  it("NODE_ENV=production without KAFKA_BROKERS exits 2 with one line naming it", async () => {
    const outcome = await run(process.execPath, [mainModule], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATABASE_URL: db.url,
        PIN_JWT_SECRET: TEST_JWT_SECRET,
      },
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stdout: "", stderr: "" }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe("");
    const lines = outcome.stderr.split("\n").filter((line) => line.trim() !== "");
    expect(lines).toEqual([
      "Configuration error: Invalid setting KAFKA_BROKERS: required when NODE_ENV=production (or choose the PostgreSQL event log with PIN_EVENT_TRANSPORT=local)",
    ]);
  }, 60_000);

  it("`migrate` runs in production with DATABASE_URL alone (no token secret, no broker)", async () => {
    const empty = await createTestDatabase("prodmigrate");
    try {
      const cli = mainModule.replace(/main\.js$/, "cli.js");
      const { stdout } = await run(process.execPath, [cli, "migrate"], {
        env: { PATH: process.env.PATH, NODE_ENV: "production", DATABASE_URL: empty.url },
        timeout: 120_000,
      });
      const applied = stdout.split("\n").filter((line) => line.startsWith("applied"));
      expect(applied.length).toBeGreaterThan(10);
      expect(stdout).not.toContain("FAILED");
    } finally {
      await empty.drop();
    }
  }, 150_000);
});

function isJsonObject(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
}
