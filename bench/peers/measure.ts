import type { BenchResult } from "../types.js";

/** How each peers figure is read: a rate (higher is better) or a latency (lower is better). */
export type Orientation = "rate" | "latency";

export const MS_PER_SECOND = 1_000;
export const perSecond = (count: number, ms: number): number => (count / ms) * MS_PER_SECOND;
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function elapsed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Polls `done` every `everyMs` until it holds; fails after `timeoutMs` (bounded, never hangs a run). */
export async function waitUntil(
  what: string,
  done: () => Promise<boolean>,
  { everyMs = 25, timeoutMs = 10 * 60_000 } = {},
): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
    await pause(everyMs);
  }
}

/**
 * Our figure next to the peer's. `ratio` is oriented so that > 1 means we are ahead: ours / peer
 * for rates, peer / ours for latencies.
 */
export function versus(
  name: string,
  ours: number,
  peer: number,
  unit: string,
  orientation: Orientation,
  note: string,
): BenchResult {
  return {
    name,
    value: ours,
    unit,
    baseline: peer,
    ratio: orientation === "rate" ? ours / peer : peer / ours,
    target: 1,
    note,
  };
}

/** A figure of ours alone (no peer does this work). */
export function alone(name: string, value: number, unit: string, note: string): BenchResult {
  return { name, value, unit, note };
}

/** Sizes are settings of the run: BENCH_PEERS_<NAME>=n overrides the default. */
export function size(name: string, fallback: number): number {
  const raw = process.env[`BENCH_PEERS_${name}`];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`BENCH_PEERS_${name} must be a positive integer`);
  return value;
}
