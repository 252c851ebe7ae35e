import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../../src/platform/auth/jwt.js";
import { TEST_JWT_SECRET } from "../../support/app.js";
import { type AppProcess, startAppProcess } from "../../support/app-process.js";
import { freePort } from "../../support/npm-start.js";
import { createTestDatabase, describeWithService, type TestDatabase } from "../../support/services.js";

/**
 * Issue #24 item 4: `npm run build && npm run start:prod` as a deployment runs it — the esbuild
 * output (`dist/`), `node --enable-source-maps dist/main.js` with NODE_ENV=production, against a
 * fresh, empty PostgreSQL database (the process applies the migrations), every role, the local
 * event log. Ready, healthy, answers GraphQL with a signed token, serves nothing of development,
 * loads no OpenTelemetry SDK package (tracing is off without OTEL_*), and stops with exit 0 on SIGTERM.
 */
const run = promisify(execFile);

describeWithService(
  ["postgres"],
  "production build: npm run build, then dist/main.js with NODE_ENV=production",
  () => {
    let db: TestDatabase;
    let app: AppProcess | null = null;
    let metricsPort = 0;
    let buildOutput = "";

    beforeAll(async () => {
      const built = await run("npm", ["run", "build"], { cwd: process.cwd(), timeout: 120_000 });
      buildOutput = built.stdout;
      db = await createTestDatabase("prodbuild");
      metricsPort = await freePort();
      app = await startAppProcess({
        // `npm run start:prod` is `NODE_ENV=production node --enable-source-maps dist/main.js`; the
        // first --import only reports OpenTelemetry SDK loads (test/support/report-otel-loads.mjs).
        args: ["--import", "./test/support/report-otel-loads.mjs", "--enable-source-maps", "dist/main.js"],
        env: {
          NODE_ENV: "production",
          DATABASE_URL: db.url,
          PIN_JWT_SECRET: TEST_JWT_SECRET,
          PIN_OPS_PORT: String(metricsPort),
          // Production on the PostgreSQL event log must choose it (decision 0550).
          PIN_EVENT_TRANSPORT: "local",
          PIN_ANALYTICS: "off",
          LOG_LEVEL: "info",
        },
      });
    }, 240_000);

    afterAll(async () => {
      await app?.dispose();
      await db?.drop();
    });

    it("builds, becomes ready, answers health, metrics and GraphQL, and exits 0 on SIGTERM", async () => {
      expect(buildOutput).toMatch(/build: \d+ modules and \d+ assets → dist\//);
      const base = app?.base ?? "";
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);

      const token = await createTokenService({ secret: TEST_JWT_SECRET, issuer: "pin-platform" }).sign({
        userId: DEMO_USERS.agent.userId,
        roles: ["agent"],
        tenantId: DEMO_USERS.agent.tenantId,
      });
      const gql = async (query: string, bearer: string | null) =>
        (await (
          await fetch(`${base}/graphql`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            },
            body: JSON.stringify({ query }),
          })
        ).json()) as { data?: unknown; errors?: unknown };
      // The migrations ran on the empty database: the agent's deals list is there, and empty.
      expect(await gql("{ deals(first: 5) { edges { node { id } } } }", token)).toEqual({
        data: { deals: { edges: [] } },
      });
      // Production: no introspection, no dev tokens, /metrics only on its own listener.
      expect((await gql("{ __schema { queryType { name } } }", token)).errors).toBeDefined();
      expect((await fetch(`${base}/dev/token?role=agent`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain("pin_outbox_backlog");

      const output = app?.output() ?? "";
      // JSON log lines in production; no OpenTelemetry SDK package loaded with tracing off.
      expect(output).toContain('"msg":"PIN is ready');
      expect(output).not.toContain("[otel-sdk-loaded]");

      expect(await app?.stop()).toBe(0);
      expect(app?.output()).toContain('"msg":"shutting down"');
    }, 120_000);
  },
);
