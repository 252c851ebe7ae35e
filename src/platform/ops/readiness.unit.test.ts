import { describe, expect, it } from "vitest";
import { readinessAnswer, runChecks } from "./readiness.js";

describe("/readyz answers", () => {
  it("503 naming what is missing; 200 ready; 200 degraded (never a bare 200) when an optional part is not there", () => {
    expect(readinessAnswer({ database: true, kafka: "connecting" })).toEqual({
      httpStatus: 503,
      body: { status: "not ready", checks: { database: true, kafka: "connecting" } },
    });
    expect(readinessAnswer({ database: true }, { clickhouse: true })).toEqual({
      httpStatus: 200,
      body: { status: "ready", checks: { database: true, clickhouse: true } },
    });
    expect(readinessAnswer({ database: true }, { analytics: "off: no engine", clickhouse: false })).toEqual({
      httpStatus: 200,
      body: {
        status: "degraded",
        checks: { database: true, analytics: "off: no engine", clickhouse: false },
        degraded: { analytics: "off: no engine", clickhouse: "not answering" },
      },
    });
    // Not ready wins over degraded.
    expect(readinessAnswer({ database: false }, { analytics: "off" }).body.status).toBe("not ready");
  });

  it("a check that throws is false", async () => {
    expect(
      await runChecks({
        ok: async () => true,
        broken: async () => {
          throw new Error("down");
        },
      }),
    ).toEqual({ ok: true, broken: false });
  });
});
