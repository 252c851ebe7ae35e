import net from "node:net";
import { SignJWT } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "../../support/app.js";
import { pgAdminUrl, requireService } from "../../support/services.js";

await requireService("postgres");

/** Issue #42 item 8: the INFO findings, over the real server. */
async function withAdminClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ roles: ["api"] });
});
afterAll(async () => {
  await t?.stop();
});

async function post(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(t.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> },
  };
}

describe("issue #42 item 8", () => {
  it("invalid JSON answers 400 BAD_REQUEST, also to an Accept: application/json client", async () => {
    const answer = await post("{ not json");
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
  });

  it("a token issued a day ahead is refused; one a few seconds ahead (clock skew) is accepted", async () => {
    const sign = (iat: number) =>
      new SignJWT({ roles: ["agent"], tenant: null })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("7a1b2c3d-0000-4000-8000-000000000042")
        .setIssuer("pin-platform")
        .setIssuedAt(iat)
        .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
        .sign(Buffer.from(TEST_JWT_SECRET, "utf8"));
    const now = Math.floor(Date.now() / 1000);
    const ahead = await post(JSON.stringify({ query: "{ viewer { userId } }" }), {
      authorization: `Bearer ${await sign(now + 86_400)}`,
    });
    expect(ahead.status).toBe(401);
    const skew = await post(JSON.stringify({ query: "{ viewer { userId } }" }), {
      authorization: `Bearer ${await sign(now + 5)}`,
    });
    expect(skew.status).toBe(200);
  });

  it("headers that never finish are cut at the documented 10 s, not ~38 s", async () => {
    const url = new URL(t.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () =>
        socket.write("POST /graphql HTTP/1.1\r\nHost: x\r\n"),
      );
      const drip = setInterval(() => socket.write("X-Slow: 1\r\n"), 1_000);
      socket.on("data", () => {});
      socket.on("close", () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
      socket.on("error", () => {});
    });
    expect(closedAfter).toBeGreaterThanOrEqual(9_000);
    expect(closedAfter).toBeLessThan(13_000);
  }, 40_000);

  it("a database outage answers SERVICE_UNAVAILABLE with 503 and Retry-After, not INTERNAL_SERVER_ERROR", async () => {
    const name = new URL(t.settings.databaseUrl ?? "").pathname.slice(1);
    await withAdminClient(async (c) => {
      await c.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await c.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
    });
    try {
      const answer = await post(JSON.stringify({ query: "{ lots(first: 5) { edges { node { id } } } }" }));
      expect(answer.body.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    } finally {
      await withAdminClient((c) => c.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`));
    }
    const back = await post(JSON.stringify({ query: "{ lots(first: 5) { edges { node { id } } } }" }));
    expect(back.status).toBe(200);
  });
});
