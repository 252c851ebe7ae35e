/**
 * Fuzzing size: PIN_FUZZ_RUNS cases per topic / mutation (default 25 — CI stays bounded; raise it on
 * demand, e.g. PIN_FUZZ_RUNS=2000), PIN_FUZZ_SEED to replay a failing run (printed in the test name).
 */
export function fuzzRuns(): number {
  const n = Number(process.env.PIN_FUZZ_RUNS ?? 25);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new Error(`PIN_FUZZ_RUNS must be 1..100000, got ${process.env.PIN_FUZZ_RUNS}`);
  return n;
}

export function fuzzSeed(): number {
  const text = process.env.PIN_FUZZ_SEED;
  if (text === undefined) return Date.now() % 2_147_483_647;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`PIN_FUZZ_SEED must be an integer, got ${text}`);
  return n;
}
