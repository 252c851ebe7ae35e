import { describe, expect, it } from "vitest";
import { eventually } from "./eventually.js";

describe("eventually", () => {
  it("fails at once when the probe throws", async () => {
    let calls = 0;
    const probe = async () => {
      calls += 1;
      throw new Error("down");
    };
    await expect(eventually(probe, { timeoutMs: 1_000, everyMs: 1 })).rejects.toThrow("down");
    expect(calls).toBe(1);
  });

  it("with tolerateErrors a throw is 'not yet': it polls on until the probe answers", async () => {
    let calls = 0;
    const probe = async () => {
      calls += 1;
      if (calls < 3) throw new Error("still down");
      return "up";
    };
    await expect(eventually(probe, { tolerateErrors: true, timeoutMs: 1_000, everyMs: 1 })).resolves.toBe(
      "up",
    );
    expect(calls).toBe(3);
  });

  it("with tolerateErrors a probe that never answers fails on time, naming the last error", async () => {
    const probe = async (): Promise<number> => {
      throw new Error("connection refused");
    };
    await expect(
      eventually(probe, {
        what: "the broker",
        until: (n) => n > 0,
        tolerateErrors: true,
        timeoutMs: 30,
        everyMs: 1,
      }),
    ).rejects.toThrow(/the broker not met after 30 ms; last seen: an error: Error: connection refused/);
  });
});
