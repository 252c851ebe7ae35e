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

  it("reads three or four processes and custom steps; refuses other process counts and bad steps", () => {
    process.env.BENCH_PEERS_RAMP_PROCESSES = "3";
    process.env.BENCH_PEERS_RAMP_STEPS = "2, 8";
    process.env.BENCH_PEERS_RAMP_STEP_SECONDS = "5";
    expect(rampOptions()).toEqual({ processes: 3, steps: [2, 8], stepSeconds: 5 });
    process.env.BENCH_PEERS_RAMP_PROCESSES = "2";
    expect(() => rampOptions()).toThrow(/must be 1, 3 or 4/);
    process.env.BENCH_PEERS_RAMP_PROCESSES = "4";
    expect(rampOptions().processes).toBe(4);
    process.env.BENCH_PEERS_RAMP_PROCESSES = "1";
    process.env.BENCH_PEERS_RAMP_STEPS = "4,x";
    expect(() => rampOptions()).toThrow(/positive integers/);
  });

  it("calls lag growing when the last third is clearly slower, or the stage fell behind the rate", () => {
    const every100ms = (n: number) => Array.from({ length: n }, (_, i) => i * 100);
    // 10/s offered, completed at 10/s, flat latency
    expect(lagVerdict([50, 60, 55, 52, 58, 61, 57, 54, 59], every100ms(9), 10).grows).toBe(false);
    expect(lagVerdict([50, 60, 55, 100, 140, 180, 220, 260, 300], every100ms(9), 10)).toMatchObject({
      grows: true,
      first: 55,
      last: 260,
    });
    // slower by half but within 25 ms: noise at these latencies
    expect(lagVerdict([20, 20, 20, 25, 25, 25, 40, 40, 40], every100ms(9), 10).grows).toBe(false);
    // flat latency, but completed at 5/s of 10/s offered
    expect(
      lagVerdict(
        [50, 60, 55, 52, 58, 61, 57, 54, 59],
        every100ms(9).map((t) => t * 2),
        10,
      ),
    ).toMatchObject({
      grows: true,
      completedPerSecond: 5,
    });
    // one never completed
    expect(lagVerdict([50, 60, Number.NaN], [0, 100, Number.NaN], 10).grows).toBe(true);
  });

  it("leaves out the bookings a stage has no time for", () => {
    expect(figures([10, Number.NaN, 30, 20])).toMatchObject({ n: 3, p50: 20, mean: 20 });
  });
});
