import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY } from "../retry-policy.js";
import { decide } from "./4-policy.js";

const NOW = new Date("2026-01-01T00:00:00.000Z");
const policy = DEFAULT_RETRY_POLICY;

describe("stage 4, policy: (error class, attempts, retry policy) → action", () => {
  it("a conflict is re-run at once up to conflictRetries times, then parked on the retry schedule", () => {
    for (let conflicts = 0; conflicts < policy.conflictRetries; conflicts++)
      expect(decide("conflict", { prior: 0, conflicts }, policy, NOW)).toEqual({ kind: "re-run" });
    expect(decide("conflict", { prior: 0, conflicts: policy.conflictRetries }, policy, NOW)).toEqual({
      kind: "park",
      attempts: 1,
      at: new Date(NOW.getTime() + 30_000),
      why: "concurrency conflict persists, parked",
    });
  });

  it("a retriable failure is parked with the next delay of the schedule, counted from prior failures", () => {
    expect(decide("retriable", { prior: 2, conflicts: 0 }, policy, NOW)).toEqual({
      kind: "park",
      attempts: 3,
      at: new Date(NOW.getTime() + 2 * 60_000),
      why: "retriable failure, parked",
    });
  });

  it("a retriable failure whose schedule is used up is dead-lettered, marked exhausted", () => {
    const prior = policy.retriableDelaysMs.length;
    expect(decide("retriable", { prior, conflicts: 0 }, policy, NOW)).toEqual({
      kind: "dead-letter",
      attempts: prior + 1,
      exhausted: true,
    });
    expect(decide("conflict", { prior, conflicts: policy.conflictRetries }, policy, NOW)).toMatchObject({
      kind: "dead-letter",
      exhausted: true,
    });
  });

  it("a non-retriable failure is dead-lettered at once; its attempts count the conflict re-runs", () => {
    expect(decide("non-retriable", { prior: 1, conflicts: 2 }, policy, NOW)).toEqual({
      kind: "dead-letter",
      attempts: 4,
      exhausted: false,
    });
  });

  it("skip is acknowledged, infrastructure makes the whole batch yield", () => {
    expect(decide("skip", { prior: 0, conflicts: 0 }, policy, NOW)).toEqual({ kind: "skip" });
    expect(decide("infrastructure", { prior: 5, conflicts: 3 }, policy, NOW)).toEqual({ kind: "yield" });
  });

  it("a consumer's own schedule and conflict budget are used", () => {
    const own = { ...policy, conflictRetries: 0, retriableDelaysMs: [5_000] };
    expect(decide("conflict", { prior: 0, conflicts: 0 }, own, NOW)).toMatchObject({
      kind: "park",
      attempts: 1,
    });
    expect(decide("retriable", { prior: 1, conflicts: 0 }, own, NOW)).toMatchObject({ kind: "dead-letter" });
  });
});
