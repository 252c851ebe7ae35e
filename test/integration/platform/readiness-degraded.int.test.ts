import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { clickhouseUrl, describeWithService } from "../../support/services.js";

/**
 * Issue #40 item 4, decision 0551: analytics wanted (PIN_ANALYTICS=auto) but its ClickHouse not
 * usable — here the real server refuses the credentials (an unknown user) — starts the process without the funnel, and /readyz says so: 200 `"status": "degraded"` naming
 * analytics, on the api port and on the operations listener alike; pin_readiness_degraded is 1.
 * A process with PIN_ANALYTICS=off is plainly ready.
 */
describeWithService(["postgres", "clickhouse"], "readiness without a usable analytics engine", () => {
  let degraded: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    [degraded, off] = await Promise.all([
      startTestApp({
        roles: ["api"],
        env: {
          PIN_ANALYTICS: "auto",
          CLICKHOUSE_URL: withUnknownUser(clickhouseUrl()),
          PIN_OPS_PORT: "0",
        },
      }),
      startTestApp({ roles: ["api"], env: { PIN_OPS_PORT: "0" } }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([degraded?.stop(), off?.stop()]);
  });

  it("answers 200 degraded naming analytics, never a bare 200, on both ports", async () => {
    expect(degraded.app.devstats).toBeNull();
    const base = degraded.url.replace(/\/graphql$/, "");
    for (const url of [`${base}/readyz`, `${degraded.app.opsUrl}/readyz`]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      const body = (await response.json()) as {
        status: string;
        checks: Record<string, unknown>;
        degraded?: Record<string, string>;
      };
      expect(body.status, url).toBe("degraded");
      expect(body.checks.database, url).toBe(true);
      expect(body.degraded?.analytics, url).toMatch(/^off: server not usable at start/);
    }
    const metrics = await (await fetch(degraded.app.metricsUrl!)).text();
    expect(metrics).toMatch(/pin_readiness_degraded\{part="analytics"\} 1/);
  });

  it("with PIN_ANALYTICS=off the process is ready, not degraded", async () => {
    const response = await fetch(`${off.app.opsUrl}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; degraded?: unknown };
    expect(body).toMatchObject({ status: "ready" });
    expect(body.degraded).toBeUndefined();
    expect(await (await fetch(off.app.metricsUrl!)).text()).toMatch(
      /pin_readiness_degraded\{part="analytics"\} 0/,
    );
  });
});

function withUnknownUser(url: string): string {
  const wrong = new URL(url);
  wrong.username = "nobody";
  wrong.password = "wrong";
  return wrong.toString();
}
