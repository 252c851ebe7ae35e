import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

describe("api server: GraphQL over HTTP and WebSocket, health, metrics, dev tokens", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"], env: { PIN_GRAPHQL_OPERATION_NAMES: "Me" } });
    base = t.url.replace(/\/graphql$/, "");
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("/healthz answers and /readyz checks the database", async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: true } });
  });

  it("/metrics serves Prometheus text with GraphQL operation counters", async () => {
    await t.graphql("query Me { viewer { userId } }");
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/pin_graphql_operations_total\{operation="Me",field="viewer",result="ok"\} \d+/);
  });

  it("a bearer token puts subject, roles and tenant into the context", async () => {
    const token = await t.tokenFor("developer_manager");
    const result = await t.graphql<{ viewer: { roles: string[]; tenantId: string } }>(
      "{ viewer { userId roles tenantId } }",
      {},
      token,
    );
    expect(result.data?.viewer.roles).toEqual(["developer_manager"]);
    expect(result.data?.viewer.tenantId).toBe(DEMO_USERS.developer_manager.tenantId);
    expect(DEMO_USERS.developer_manager.tenantId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("no token → viewer is null; an invalid token → 401 UNAUTHENTICATED", async () => {
    expect((await t.graphql("{ viewer { userId } }")).data).toEqual({ viewer: null });
    const response = await fetch(t.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer not-a-jwt" },
      body: JSON.stringify({ query: "{ viewer { userId } }" }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });

  it("GET /dev/token returns a signed token for each demo role (dev mode only)", async () => {
    const response = await fetch(`${base}/dev/token?role=investor`);
    const body = (await response.json()) as { token: string; role: string };
    expect(body.role).toBe("investor");
    const viewer = await t.graphql<{ viewer: { roles: string[] } }>("{ viewer { roles } }", {}, body.token);
    expect(viewer.data?.viewer.roles).toEqual(["investor"]);
    expect((await fetch(`${base}/dev/token?role=root`)).status).toBe(400);
  });

  it("GraphiQL is served to browsers", async () => {
    const html = await (await fetch(t.url, { headers: { accept: "text/html" } })).text();
    expect(html).toContain("GraphiQL");
  });

  it("graphql-ws authenticates on connection_init: valid token works, missing token is refused", async () => {
    const token = await t.tokenFor("agent");
    const client = t.wsClient(token);
    const result = await new Promise<unknown>((resolve, reject) => {
      client.subscribe(
        { query: "{ viewer { roles } }" },
        { next: resolve, error: reject, complete: () => undefined },
      );
    });
    expect(result).toEqual({ data: { viewer: { roles: ["agent"] } } });

    const anonymous = t.wsClient(null);
    const refused = await new Promise<unknown>((resolve) => {
      anonymous.subscribe(
        { query: "{ viewer { roles } }" },
        { next: () => resolve("next"), error: resolve, complete: () => resolve("complete") },
      );
    });
    expect(refused).toMatchObject({ code: 4403 });
  });
});

describe("dev tokens are off unless asked for on a configured database", () => {
  it("auto on a configured database serves no /dev/token", async () => {
    const t = await startTestApp({ roles: ["api"], env: { PIN_DEV_TOKENS: "auto" } });
    try {
      const base = t.url.replace(/\/graphql$/, "");
      expect((await fetch(`${base}/dev/token?role=admin`)).status).not.toBe(200);
    } finally {
      await t.stop();
    }
  });
});

describe("api server in production mode", () => {
  it("never serves /dev/token", async () => {
    const t = await startTestApp({
      roles: ["api"],
      env: { NODE_ENV: "production", PIN_JWT_SECRET: "prod-secret-0123456789-abcdefghijklmnopq" },
    });
    try {
      const base = t.url.replace(/\/graphql$/, "");
      expect((await fetch(`${base}/dev/token?role=admin`)).status).not.toBe(200);
    } finally {
      await t.stop();
    }
  });
});
