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
 * A probe that throws fails at once (an error is not "not yet").
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
    const value = await probe();
    if (until(value)) return value;
    if (Date.now() > giveUpAt) {
      const extra = opts.report ? `; state: ${shown(await opts.report())}` : "";
      throw new Error(
        `eventually: ${opts.what ?? "condition"} not met after ${timeoutMs} ms; last seen: ${shown(value)}${extra}`,
      );
    }
    await new Promise((r) => setTimeout(r, opts.everyMs ?? EVERY_MS));
  }
}
