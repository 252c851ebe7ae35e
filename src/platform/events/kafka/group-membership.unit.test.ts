import { describe, expect, it } from "vitest";
import { loadSettings } from "../../config/settings.js";
import { broadcastGroupId, groupTimeouts, newBootId } from "./group-membership.js";

describe("consumer-group membership (decision 0525)", () => {
  it("the session timeout is PIN_KAFKA_SESSION_TIMEOUT_MS (30 s by default, 6 s..300 s); heartbeats every third of it, at most 2 s", () => {
    expect(loadSettings({}).kafkaSessionTimeoutMs).toBe(30_000);
    expect(groupTimeouts(30_000)).toEqual({
      sessionTimeoutMs: 30_000,
      heartbeatMs: 2_000,
      rebalanceTimeoutMs: 60_000,
    });
    expect(groupTimeouts(6_000)).toEqual({
      sessionTimeoutMs: 6_000,
      heartbeatMs: 2_000,
      rebalanceTimeoutMs: 60_000,
    });
    expect(groupTimeouts(300_000).rebalanceTimeoutMs).toBe(300_000);
    expect(loadSettings({ PIN_KAFKA_SESSION_TIMEOUT_MS: "10000" }).kafkaSessionTimeoutMs).toBe(10_000);
    expect(() => loadSettings({ PIN_KAFKA_SESSION_TIMEOUT_MS: "1000" })).toThrow(
      /PIN_KAFKA_SESSION_TIMEOUT_MS/,
    );
    expect(() => loadSettings({ PIN_KAFKA_SESSION_TIMEOUT_MS: "10s" })).toThrow(
      /PIN_KAFKA_SESSION_TIMEOUT_MS/,
    );
  });

  it("a broadcast group names the process and this start of it: a restarted process never rejoins its dead self's group", () => {
    const first = newBootId();
    const second = newBootId();
    expect(first).toMatch(/^[0-9a-f]{8}$/);
    expect(second).not.toBe(first);
    expect(broadcastGroupId("chessboard-status", "api-1", first)).toBe(
      `pin-broadcast-chessboard-status-api-1-${first}`,
    );
    expect(broadcastGroupId("chessboard-status", "api-1", first)).not.toBe(
      broadcastGroupId("chessboard-status", "api-1", second),
    );
  });
});
