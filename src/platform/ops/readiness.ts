import { cachedFor } from "./cached-answer.js";

/** A readiness check answers true when ready, else false or a word for what is missing ("connecting"). */
export type CheckResult = boolean | string;
export type ReadinessCheck = () => Promise<CheckResult>;
export type ReadinessChecks = Readonly<Record<string, ReadinessCheck>>;

/**
 * What /readyz reads: the checks that must pass (each names what is missing), and the optional
 * ones — parts the process works without (the analytics engine): one of those not true makes the
 * answer 200 `"status": "degraded"` naming it, never a bare 200 (decision 0551).
 */
export interface ReadinessSource {
  /** The checks as of now (a process still opening its infrastructure has fewer) */
  checks(): ReadinessChecks;
  optional(): ReadinessChecks;
}

export interface ReadinessAnswer {
  readonly httpStatus: 200 | 503;
  readonly body: {
    readonly status: "ready" | "degraded" | "not ready";
    /** Every check's result, the optional ones included */
    readonly checks: Record<string, CheckResult>;
    /** The optional checks not true, each with what is missing */
    readonly degraded?: Record<string, string>;
  };
}

const READY_CHECK_TIMEOUT_MS = 3_000;
const READY_CACHE_MS = 1_000;

/** Every check at once, each bounded by a timeout (a check that hangs is false). */
export async function runChecks(checks: ReadinessChecks): Promise<Record<string, CheckResult>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const timeout = new Promise<CheckResult>((resolve) =>
        setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS).unref(),
      );
      const ok = await Promise.race([check().catch(() => false), timeout]);
      return [name, ok] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The answer for these results: 503 when a required check is not true, else 200, "degraded" when an optional one is not. Pure. */
export function readinessAnswer(
  required: Record<string, CheckResult>,
  optional: Record<string, CheckResult> = {},
): ReadinessAnswer {
  const ready = Object.values(required).every((v) => v === true);
  const degraded = Object.fromEntries(
    Object.entries(optional)
      .filter(([, v]) => v !== true)
      .map(([name, v]) => [name, typeof v === "string" ? v : "not answering"]),
  );
  const isDegraded = Object.keys(degraded).length > 0;
  const status = !ready ? "not ready" : isDegraded ? "degraded" : "ready";
  return {
    httpStatus: ready ? 200 : 503,
    body: { status, checks: { ...required, ...optional }, ...(isDegraded ? { degraded } : {}) },
  };
}

/**
 * /readyz is open to anyone: its checks run at most once a second, whatever the call rate (the
 * api port and the operations listener share the one cached answer).
 */
export function readinessEndpoint(source: ReadinessSource): () => Promise<ReadinessAnswer> {
  return cachedFor(READY_CACHE_MS, async () => {
    const [required, optional] = await Promise.all([
      runChecks(source.checks()),
      runChecks(source.optional()),
    ]);
    return readinessAnswer(required, optional);
  });
}
