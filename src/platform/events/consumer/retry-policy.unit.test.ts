import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, infrastructureDelayMs, nextRetry } from "./retry-policy.js";

const T0 = new Date("2026-01-01T00:00:00.000Z");
const MINUTE = 60_000;

describe("retry policy", () => {
  it("retriable: 6 retries 30s→1m→2m→4m→8m→16m, then dead-letter", () => {
    const delays = [];
    for (let failures = 1; failures <= 6; failures++) {
      const next = nextRetry(DEFAULT_RETRY_POLICY, failures, T0);
      if (next.kind !== "retry") throw new Error(`failure ${failures} should retry`);
      delays.push(next.at.getTime() - T0.getTime());
    }
    expect(delays).toEqual([0.5, 1, 2, 4, 8, 16].map((m) => m * MINUTE));
    expect(nextRetry(DEFAULT_RETRY_POLICY, 7, T0)).toEqual({ kind: "dead-letter" });
  });

  it("conflict: 3 immediate retries", () => {
    expect(DEFAULT_RETRY_POLICY.conflictRetries).toBe(3);
  });

  it("infrastructure: exponential 1s→60s, capped, forever", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 50].map((n) => infrastructureDelayMs(DEFAULT_RETRY_POLICY, n));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  });
});
