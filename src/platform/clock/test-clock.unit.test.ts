import { describe, expect, it } from "vitest";
import { ConfigError, loadSettings } from "../config/settings.js";
import { ManualClock } from "./clock.js";
import { TestClock, testClockVerdict } from "./test-clock.js";

describe("test clock (decision 0079)", () => {
  it("moves now forward by whole minutes on top of the real clock, never backwards", () => {
    const base = new ManualClock("2026-05-01T10:00:00.000Z");
    const clock = new TestClock(base);
    expect(clock.advanceMinutes(61).toISOString()).toBe("2026-05-01T11:01:00.000Z");
    base.advance(1_000);
    expect(clock.now().toISOString()).toBe("2026-05-01T11:01:01.000Z");
    expect(clock.offsetMinutes).toBe(61);
    for (const bad of [0, -5, 1.5, 366 * 24 * 60 + 1]) {
      expect(() => clock.advanceMinutes(bad)).toThrow(
        expect.objectContaining({ code: "TEST_CLOCK_INVALID_STEP" }),
      );
    }
    expect(clock.offsetMinutes).toBe(61);
  });

  it("PIN_TEST_CLOCK is refused in production: the settings do not load", () => {
    expect(() =>
      loadSettings({
        NODE_ENV: "production",
        PIN_JWT_SECRET: "prod-secret-0123456789-abcdefghijklmnopq",
        PIN_EVENT_TRANSPORT: "local",
        PIN_TEST_CLOCK: "true",
      }),
    ).toThrow(new ConfigError("PIN_TEST_CLOCK", "refused when NODE_ENV=production"));
  });

  it("is on only when asked for, on the embedded database or under NODE_ENV=test", () => {
    expect(testClockVerdict({ testClock: false, nodeEnv: "development" }, true).enabled).toBe(false);
    expect(testClockVerdict({ testClock: true, nodeEnv: "development" }, true).enabled).toBe(true);
    expect(testClockVerdict({ testClock: true, nodeEnv: "development" }, false)).toMatchObject({
      enabled: false,
      reason: expect.stringContaining("embedded"),
    });
    expect(testClockVerdict({ testClock: true, nodeEnv: "test" }, false).enabled).toBe(true);
    expect(testClockVerdict({ testClock: true, nodeEnv: "production" }, true).enabled).toBe(false);
  });

  it("tells its jump listeners when it is moved by hand, as ManualClock does (decision 0613)", () => {
    const base = new ManualClock("2026-01-01T00:00:00.000Z");
    const clock = new TestClock(base);
    const jumps: string[] = [];
    const off = clock.onJump(() => jumps.push("test"));
    base.onJump(() => jumps.push("manual"));
    clock.advanceMinutes(5);
    base.advance(1_000);
    off();
    clock.advanceMinutes(1);
    expect(jumps).toEqual(["test", "manual"]);
  });
});
