// Cost per booking (npm run bench cost, issue #43): the CPU the whole booking path spends per
// booking — api, consumers and workers as processes of the built dist/, the PostgreSQL backends
// and the Kafka broker, read from /proc — at steady open-loop rates, the share completed, the
// subscriber's and the catalog card's latencies, and the CPU of an idle `npm start` on embedded
// defaults; for this checkout and, in the same run, the baseline ref (BENCH_BASELINE_REF, default
// 9e0414d) built and driven the same way. ratio = value / baseline.
// BENCH_COST_SECONDS (60) per step, BENCH_COST_RATES (20,100), BENCH_COST_WARMUP_SECONDS (5, at
// 20/s, not measured), BENCH_COST_IDLE_SECONDS (60) after BENCH_COST_IDLE_SETTLE_SECONDS (20),
// BENCH_COST_PARTS (load,idle), BENCH_COST_BASELINE=off for this checkout alone.
import type { BenchResult } from "../types.js";
import { baselineCheckout, buildCheckout, type Checkout, thisCheckout } from "./checkout.js";
import { type IdleFigures, idleWindow } from "./idle.js";
import { describeStatements, openStatementWindow } from "./statements.js";
import { type StepFigures, steadyStep } from "./steady.js";
import { startTopology } from "./topology.js";

const WARMUP_RATE = 20;

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0`);
  return value;
}

interface Options {
  readonly rates: readonly number[];
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly idleSeconds: number;
  readonly settleSeconds: number;
  readonly load: boolean;
  readonly idle: boolean;
}

function options(): Options {
  const rates = (process.env.BENCH_COST_RATES ?? "20,100").split(",").map((r) => Number(r.trim()));
  if (rates.some((r) => !Number.isInteger(r) || r < 1)) throw new Error("BENCH_COST_RATES: e.g. 20,100");
  const parts = (process.env.BENCH_COST_PARTS ?? "load,idle").split(",").map((p) => p.trim());
  return {
    rates,
    seconds: Math.max(1, count("BENCH_COST_SECONDS", 60)),
    warmupSeconds: count("BENCH_COST_WARMUP_SECONDS", 5),
    idleSeconds: Math.max(1, count("BENCH_COST_IDLE_SECONDS", 60)),
    settleSeconds: count("BENCH_COST_IDLE_SETTLE_SECONDS", 20),
    load: parts.includes("load"),
    idle: parts.includes("idle"),
  };
}

interface Measured {
  readonly steps: readonly StepFigures[];
  readonly idle: IdleFigures | null;
}

async function measure(checkout: Checkout, o: Options): Promise<Measured> {
  console.log(`- cost: ${checkout.label} (${checkout.dir}), building`);
  const main = await buildCheckout(checkout);
  const steps: StepFigures[] = [];
  if (o.load) {
    const apartments = WARMUP_RATE * o.warmupSeconds + o.rates.reduce((n, r) => n + r * o.seconds, 0);
    const topology = await startTopology(checkout, main, apartments);
    try {
      if (o.warmupSeconds > 0) await steadyStep(topology, WARMUP_RATE, o.warmupSeconds);
      for (const rate of o.rates) {
        console.log(
          `  ${checkout.label}: ${rate} bookings/s for ${o.seconds} s (${new Date().toISOString()})`,
        );
        const statements = await openStatementWindow(topology.db);
        const step = await steadyStep(topology, rate, o.seconds);
        steps.push(step);
        console.log(`  ${describe(step)}`);
        if (statements) console.log(describeStatements(await statements.end(step.sent - step.failed)));
      }
    } finally {
      await topology.stop();
    }
  }
  let idle: IdleFigures | null = null;
  if (o.idle) {
    console.log(`  ${checkout.label}: idle npm start, ${o.idleSeconds} s after ${o.settleSeconds} s`);
    idle = await idleWindow(checkout, o.idleSeconds, o.settleSeconds);
    console.log(`  idle: node ${idle.node.toFixed(4)} + postgres ${idle.postgres.toFixed(4)} cores`);
  }
  return { steps, idle };
}

function describe(s: StepFigures): string {
  const cpu = [...s.cpuMsPerBooking].map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(", ");
  return `${s.rate}/s: ${s.sent} sent, ${s.failed} failed, completed ${(s.completed * 100).toFixed(1)} %, drained ${(s.drained * 100).toFixed(1)} % when the cpu window closed; subscriber p50 ${s.subscriber.p50.toFixed(0)} / p99 ${s.subscriber.p99.toFixed(0)} ms; card p50 ${s.card.p50.toFixed(0)} / p99 ${s.card.p99.toFixed(0)} ms; cpu ms/booking: ${cpu}`;
}

/** name → value of one checkout's figures. */
function rows(m: Measured): Map<string, { value: number; unit: string }> {
  const out = new Map<string, { value: number; unit: string }>();
  const put = (name: string, value: number, unit: string) => out.set(name, { value, unit });
  for (const s of m.steps) {
    if (s.rate === 20) {
      put("cost: cpu ms per booking", s.cpuMsPerBooking.get("total")!, "ms");
      put("cost: subscriber p99 at 20/s", s.subscriber.p99, "ms");
      put("cost: catalog card p99 at 20/s", s.card.p99, "ms");
    }
    if (s.rate === 100) put("cost: completed at 100/s", s.completed, "fraction");
    put(`cost: completed at ${s.rate}/s (any rate)`, s.completed, "fraction");
    put(`cost: drained when the cpu window closed at ${s.rate}/s`, s.drained, "fraction");
    put(`cost: subscriber p50 at ${s.rate}/s`, s.subscriber.p50, "ms");
    put(`cost: subscriber p99 at ${s.rate}/s (any rate)`, s.subscriber.p99, "ms");
    put(`cost: catalog card p50 at ${s.rate}/s`, s.card.p50, "ms");
    put(`cost: catalog card p99 at ${s.rate}/s (any rate)`, s.card.p99, "ms");
    for (const [group, ms] of s.cpuMsPerBooking)
      put(`cost: cpu ms per booking at ${s.rate}/s: ${group}`, ms, "ms");
  }
  if (m.idle) {
    put("cost: idle cores", m.idle.total, "cores");
    put("cost: idle cores: node", m.idle.node, "cores");
    put("cost: idle cores: postgres", m.idle.postgres, "cores");
  }
  return out;
}

export async function runCostBenchmarks(): Promise<BenchResult[]> {
  const o = options();
  const withBaseline = process.env.BENCH_COST_BASELINE !== "off";
  const baseline = withBaseline ? await baselineCheckout() : null;
  // BENCH_COST_ORDER=checkout-first measures this checkout before the baseline (default after)
  const checkoutFirst = process.env.BENCH_COST_ORDER === "checkout-first";
  const early = checkoutFirst ? rows(await measure(thisCheckout, o)) : null;
  const before = baseline ? rows(await measure(baseline, o)) : new Map();
  const now = early ?? rows(await measure(thisCheckout, o));
  const note = `steps ${o.rates.join(", ")}/s × ${o.seconds} s (open loop, warm-up ${o.warmupSeconds} s at ${WARMUP_RATE}/s), 3 role processes of dist/, idle ${o.idleSeconds} s after ${o.settleSeconds} s; baseline ${baseline?.label ?? "none"}`;
  return [...now].map(([name, { value, unit }]) => {
    const base = before.get(name)?.value;
    return {
      name,
      value,
      unit,
      ...(base === undefined ? {} : { baseline: base, ratio: base === 0 ? Number.NaN : value / base }),
      note,
    };
  });
}
