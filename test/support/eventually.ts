/**
 * The one way a test waits for something asynchronous (issue #23): polls `probe` until its value
 * satisfies `until`, and returns that value.
 *
 * One meaning: without `until`, the condition is "there is a value" — the probe returned something
 * other than `undefined`, `null` or `false`. So `() => findUnique(...)` waits past `null`,
 * `async () => count === 3` waits past `false`, and a probe that returns `0` or `""` is DONE at
 * once (those are values): to wait for a count, say so — `{ until: (n) => n > 0 }`.
 *
 * It fails after `timeoutMs` (default 90 s, below the 120 s test limit, so a hang reports what it
 * saw instead of a bare timeout) with `what`, the last value seen and `report()`'s answer.
 * A probe that throws fails at once (an error is not "not yet") — unless `tolerateErrors` is set,
 * for a faults test whose probe meets a service that is down on purpose: then a throw is "not yet"
 * and the failure names the last error.
 */
export interface EventuallyOptions<T> {
  /** the condition on the probe's value; default: a value is there (not undefined/null/false) */
  readonly until?: (value: T) => boolean;
  /** what is awaited, named in the failure */
  readonly what?: string;
  readonly timeoutMs?: number;
  /** poll period, default 25 ms */
  readonly everyMs?: number;
  /** more to say when it fails (the state around the condition) */
  readonly report?: () => unknown;
  /** a probe that throws is "not yet" instead of a failure (faults tests: the service is down) */
  readonly tolerateErrors?: boolean;
}

export const EVENTUALLY_TIMEOUT_MS = 90_000;
const EVERY_MS = 25;

type Present<T> = Exclude<T, undefined | null | false>;

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== false;

function shown(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    return (text ?? String(value)).slice(0, 2_000);
  } catch {
    return String(value);
  }
}

type Seen<T> =
  | { readonly threw: false; readonly value: T }
  | { readonly threw: true; readonly error: unknown };

/** One probe: its value, or (when errors are tolerated) the error it threw. */
async function attempt<T>(probe: () => T | Promise<T>, tolerateErrors: boolean): Promise<Seen<T>> {
  if (!tolerateErrors) return { threw: false, value: await probe() };
  try {
    return { threw: false, value: await probe() };
  } catch (error) {
    return { threw: true, error };
  }
}

export async function eventually<T>(
  probe: () => T | Promise<T>,
  options: EventuallyOptions<T> & { readonly until: (value: T) => boolean },
): Promise<T>;
export async function eventually<T>(
  probe: () => T | Promise<T>,
  options?: string | Omit<EventuallyOptions<T>, "until">,
): Promise<Present<T>>;
export async function eventually<T>(
  probe: () => T | Promise<T>,
  options: string | EventuallyOptions<T> = {},
): Promise<T> {
  const opts: EventuallyOptions<T> = typeof options === "string" ? { what: options } : options;
  const until = opts.until ?? present;
  const timeoutMs = opts.timeoutMs ?? EVENTUALLY_TIMEOUT_MS;
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const seen = await attempt(probe, opts.tolerateErrors === true);
    if (!seen.threw && until(seen.value)) return seen.value;
    if (Date.now() > giveUpAt) {
      const extra = opts.report ? `; state: ${shown(await opts.report())}` : "";
      const last = seen.threw ? `an error: ${String(seen.error)}` : shown(seen.value);
      throw new Error(
        `eventually: ${opts.what ?? "condition"} not met after ${timeoutMs} ms; last seen: ${last}${extra}`,
      );
    }
    await new Promise((r) => setTimeout(r, opts.everyMs ?? EVERY_MS));
  }
}
