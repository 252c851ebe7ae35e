import { describe, expect, it } from "vitest";
import { WORKERS } from "../workers/index.js";
import { TIMERS_AFTER_THE_DEMO_SEED } from "./demo-start.js";

describe("the timers held back during the demo seed", () => {
  it("name workers the workers role runs (a renamed worker would start during the seed)", () => {
    const names = new Set(WORKERS.map((factory) => factory.name));
    for (const timer of TIMERS_AFTER_THE_DEMO_SEED) expect(names.has(timer), timer).toBe(true);
  });
});
