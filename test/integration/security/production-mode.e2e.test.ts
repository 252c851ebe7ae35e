import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

/** Issue #13 item 6: a production start exposes no developer tool and no internal detail. */
describe("production mode (NODE_ENV=production) start", () => {
  let t: TestApp;
  let base: string;
  const PRODUCTION = {
    NODE_ENV: "production",
    PIN_JWT_SECRET: "prod-secret-0123456789-abcdefghijklmnopq",
    PIN_CORS_ORIGINS: "https://app.example.com",
  };
  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"], env: PRODUCTION });
    base = t.url.replace(/\/graphql$/, "");
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("GraphiQL is off: a browser GET gets no GraphiQL page", async () => {
    const response = await fetch(t.url, { headers: { accept: "text/html" } });
    expect(await response.text()).not.toContain("GraphiQL");
    expect((await fetch(`${base}/`, { redirect: "manual" })).status).not.toBe(302);
  });

  it("introspection is refused", async () => {
    const body = await t.graphql("{ __schema { types { name } } }");
    expect(body.data ?? null).toBeNull();
    expect(JSON.stringify(body.errors)).toMatch(/introspection/i);
  });

  it("no “did you mean” suggestions in errors", async () => {
    const body = await t.graphql("{ viewr { userId } }");
    expect(JSON.stringify(body.errors)).not.toMatch(/did you mean/i);
  });

  it("CORS answers only allow-listed origins, never with credentials", async () => {
    const evil = await fetch(t.url, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example.com", "access-control-request-method": "POST" },
    });
    expect(evil.headers.get("access-control-allow-origin")).not.toBe("https://evil.example.com");
    expect(evil.headers.get("access-control-allow-credentials")).not.toBe("true");
    const allowed = await fetch(t.url, {
      method: "OPTIONS",
      headers: { origin: "https://app.example.com", "access-control-request-method": "POST" },
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
  });

  it("a bad JSON body gets an error without originalError, stack or internal detail", async () => {
    const response = await fetch(t.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"query": ',
    });
    const text = await response.text();
    expect(response.status).toBeLessThan(500);
    expect(JSON.parse(text)).toMatchObject({ errors: [{ extensions: { code: "BAD_REQUEST" } }] });
    expect(text).not.toMatch(/originalError|stack|at .*\.js|SyntaxError/);
  });

  it("an unexpected resolver failure is INTERNAL_SERVER_ERROR with no detail", async () => {
    const body = await t.graphql(
      `{ chessboard(buildingId: "00000000-0000-4000-8000-000000000000") { buildingId } }`,
    );
    expect(JSON.stringify(body)).not.toMatch(/stack|originalError|prisma/i);
  });

  it("/metrics is not on the public port; it is served on the metrics listener", async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(t.app.metricsUrl!)).status).toBe(200);
  });

  it("/dev/token is not served", async () => {
    expect((await fetch(`${base}/dev/token?role=admin`)).status).not.toBe(200);
  });
});

describe("persisted operations only (PIN_GRAPHQL_PERSISTED_OPERATIONS)", () => {
  let t: TestApp;
  const document = "query Me { viewer { userId } }";
  const hash = createHash("sha256").update(document).digest("hex");
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "pin-persisted-"));
    const manifest = join(dir, "operations.json");
    writeFileSync(manifest, JSON.stringify({ [hash]: document }));
    t = await startTestApp({
      roles: ["api"],
      env: {
        NODE_ENV: "production",
        PIN_JWT_SECRET: "prod-secret-0123456789-abcdefghijklmnopq",
        PIN_GRAPHQL_PERSISTED_OPERATIONS: manifest,
      },
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("a known persisted operation runs; an arbitrary document is refused", async () => {
    const known = await fetch(t.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
    });
    expect(await known.json()).toEqual({ data: { viewer: null } });
    const arbitrary = await t.graphql("{ viewer { userId } }");
    expect(arbitrary.data ?? null).toBeNull();
    expect(arbitrary.errors?.length).toBeGreaterThan(0);
  });

  it("metrics label the manifest's operation names, and nothing else", async () => {
    const text = await (await fetch(t.app.metricsUrl!)).text();
    expect(text).toMatch(/pin_graphql_operations_total\{operation="Me",field="viewer",result="ok"\}/);
  });
});
