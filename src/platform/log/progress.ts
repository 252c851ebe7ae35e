import type { Logger } from "./logger.js";

export interface ProgressOptions {
  /** What is being done, the start of every line: "demo chessboard", "replay pin-catalog…" */
  readonly what: string;
  /** What is counted: "rows", "events", "migrations" */
  readonly unit: string;
  /** How many there are, when known up front */
  readonly total?: number;
  /** Minimum time between two progress lines (default 5 s) */
  readonly everyMs?: number;
  /** Time source (tests); default performance.now */
  readonly now?: () => number;
}

/** The timing of a progress, for the long work that adopts it to take from its tests */
export type ProgressTiming = Pick<ProgressOptions, "everyMs" | "now">;

export interface Progress {
  /** `n` more done; logs a progress line when `everyMs` passed since the last one */
  tick(n?: number): void;
  /** The count and the elapsed time; logs the end at debug (the caller logs its own summary) */
  done(): { count: number; ms: number };
}

/**
 * Progress of long work (seed, replay, rebuild, reconcile, migrate; decision 0421): one info line
 * at most every `everyMs` with the count, the total when known and the rate, so a long step shows
 * it is moving — at a terminal and in a collector alike. Short work logs nothing at info.
 */
export function startProgress(log: Logger, options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now());
  const everyMs = options.everyMs ?? 5_000;
  const started = now();
  let last = started;
  let count = 0;
  const fields = () => {
    const ms = now() - started;
    const perSecond = ms > 0 ? Math.round((count * 1000) / ms) : 0;
    return {
      what: options.what,
      count,
      ...(options.total !== undefined ? { total: options.total } : {}),
      perSecond,
      ms: Math.round(ms),
    };
  };
  const line = (f: ReturnType<typeof fields>) =>
    `${options.what}: ${f.count}${f.total !== undefined ? `/${f.total}` : ""} ${options.unit} (${f.perSecond}/s)`;
  return {
    tick(n = 1) {
      count += n;
      const t = now();
      if (t - last < everyMs) return;
      last = t;
      const f = fields();
      log.info(f, line(f));
    },
    done() {
      const f = fields();
      log.debug(f, `${line(f)}, done`);
      return { count, ms: f.ms };
    },
  };
}
