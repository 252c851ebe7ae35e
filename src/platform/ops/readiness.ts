import { cachedFor } from "./cached-answer.js";

/** A readiness check answers true when ready, else false or a word for what is missing ("connecting"). */
export type CheckResult = boolean | string;
export type ReadinessCheck = () => Promise<CheckResult>;
export type ReadinessChecks = Readonly<Record<string, ReadinessCheck>>;

/**
 * What /readyz reads: the checks that must pass (each names what is missing), and the parts that
 * work without making the process unready — reported as `degraded` (decision 0551: the analytics
 * engine absent is 200 with `"status": "degraded"`, never a bare 200).
 */
export interface ReadinessSource {
  /** The checks as of now (a process still opening its infrastructure has fewer) */
  checks(): ReadinessChecks;
  degraded(): Readonly<Record<string, string>>;
}

export interface ReadinessAnswer {
  readonly httpStatus: 200 | 503;
  readonly body: {
    readonly status: "ready" | "degraded" | "not ready";
    readonly checks: Record<string, CheckResult>;
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

/** The answer for these results: 503 when a check is not true, else 200, "degraded" when a part is. Pure. */
export function readinessAnswer(
  checks: Record<string, CheckResult>,
  degraded: Readonly<Record<string, string>>,
): ReadinessAnswer {
  const ready = Object.values(checks).every((v) => v === true);
  const isDegraded = Object.keys(degraded).length > 0;
  const status = !ready ? "not ready" : isDegraded ? "degraded" : "ready";
  return {
    httpStatus: ready ? 200 : 503,
    body: { status, checks, ...(isDegraded ? { degraded: { ...degraded } } : {}) },
  };
}

/**
 * /readyz is open to anyone: its checks run at most once a second, whatever the call rate (the
 * api port and the operations listener share the one cached answer).
 */
export function readinessEndpoint(source: ReadinessSource): () => Promise<ReadinessAnswer> {
  return cachedFor(READY_CACHE_MS, async () =>
    readinessAnswer(await runChecks(source.checks()), source.degraded()),
  );
}
