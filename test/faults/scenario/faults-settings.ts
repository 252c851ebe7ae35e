/**
 * Sizes of the faults suite: bounded in CI, larger on demand (docs/engineering/faults.md). Read from the
 * test's environment only — never PIN_* settings of the app (the role processes get their own env).
 */
export interface FaultsSettings {
  readonly seed: number;
  /** SIGKILLs over the kill-9 stream */
  readonly kills: number;
  /** Events (commands + expiries) of the kill-9 stream */
  readonly events: number;
  /** Events of the load that runs through each outage */
  readonly outageEvents: number;
  /** How long Kafka and ClickHouse stay stopped */
  readonly outageMs: number;
  readonly lanes: number;
}

const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
};

/** CI size (decision 0182): K = 5 over 800 events, 200 per outage, outages of 10 s; on demand e.g. K = 50, 20 000 events, 30 s. */
export function faultsSettings(): FaultsSettings {
  return {
    seed: positive("PIN_FAULTS_SEED", Math.floor(Math.random() * 2 ** 31)),
    kills: positive("PIN_FAULTS_K", 5),
    events: positive("PIN_FAULTS_EVENTS", 800),
    outageEvents: positive("PIN_FAULTS_OUTAGE_EVENTS", 200),
    outageMs: positive("PIN_FAULTS_OUTAGE_SECONDS", 10) * 1000,
    lanes: positive("PIN_FAULTS_LANES", 8),
  };
}
