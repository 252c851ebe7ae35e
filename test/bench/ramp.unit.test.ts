// The ramp bench's own logic (bench/peers/ramp.ts): its settings and its lag verdict. The run itself
// starts PIN and is a benchmark (`BENCH_PEERS=ramp npm run bench peers`), never a timed test.
import { afterEach, describe, expect, it } from "vitest";
import { figures, lagVerdict, rampOptions } from "../../bench/peers/ramp.js";

const KEYS = ["BENCH_PEERS_RAMP_PROCESSES", "BENCH_PEERS_RAMP_STEPS", "BENCH_PEERS_RAMP_STEP_SECONDS"];

describe("bench ramp", () => {
  afterEach(() => {
    for (const k of KEYS) delete process.env[k];
  });

  it("defaults to one process, 4 → 20 → 100 bookings/s, 10 s a step", () => {
    expect(rampOptions()).toEqual({ processes: 1, steps: [4, 20, 100], stepSeconds: 10 });
  });

  it("reads three processes and custom steps; refuses other process counts and bad steps", () => {
    process.env.BENCH_PEERS_RAMP_PROCESSES = "3";
    process.env.BENCH_PEERS_RAMP_STEPS = "2, 8";
    process.env.BENCH_PEERS_RAMP_STEP_SECONDS = "5";
    expect(rampOptions()).toEqual({ processes: 3, steps: [2, 8], stepSeconds: 5 });
    process.env.BENCH_PEERS_RAMP_PROCESSES = "2";
    expect(() => rampOptions()).toThrow(/1 or 3/);
    process.env.BENCH_PEERS_RAMP_PROCESSES = "1";
    process.env.BENCH_PEERS_RAMP_STEPS = "4,x";
    expect(() => rampOptions()).toThrow(/positive integers/);
  });

  it("calls lag growing only when the last third is clearly slower than the first", () => {
    expect(lagVerdict([50, 60, 55, 52, 58, 61, 57, 54, 59]).grows).toBe(false);
    expect(lagVerdict([50, 60, 55, 100, 140, 180, 220, 260, 300])).toMatchObject({
      grows: true,
      first: 55,
      last: 260,
    });
    // slower by half but within 25 ms: noise at these latencies
    expect(lagVerdict([20, 20, 20, 25, 25, 25, 40, 40, 40]).grows).toBe(false);
  });

  it("leaves out the bookings a stage has no time for", () => {
    expect(figures([10, Number.NaN, 30, 20])).toMatchObject({ n: 3, p50: 20, mean: 20 });
  });
});
