import { IllegalStateError, ValidationError } from "../errors/domain-error.js";
import { type Clock, JumpListeners } from "./clock.js";

export const TEST_CLOCK_ERROR = {
  disabled: "TEST_CLOCK_DISABLED",
  invalidStep: "TEST_CLOCK_INVALID_STEP",
} as const;

const MS_PER_MINUTE = 60_000;
/** One step may move time by at most a year: enough for every timer of the saga, bounded input. */
export const TEST_CLOCK_MAX_STEP_MINUTES = 366 * 24 * 60;

/**
 * Wall-clock time plus an offset an admin moves forward (decision 0079). Only ever forward, so
 * every timer the system derived from "now" stays monotonic; a restart resets the offset.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  private readonly jumps = new JumpListeners();
  constructor(private readonly base: Clock) {}

  onJump(listener: () => void): () => void {
    return this.jumps.add(listener);
  }

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  get offsetMinutes(): number {
    return this.offsetMs / MS_PER_MINUTE;
  }

  advanceMinutes(minutes: number): Date {
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > TEST_CLOCK_MAX_STEP_MINUTES) {
      throw new ValidationError(
        TEST_CLOCK_ERROR.invalidStep,
        `Move the clock forward by 1–${TEST_CLOCK_MAX_STEP_MINUTES} whole minutes`,
        { minutes },
      );
    }
    this.offsetMs += minutes * MS_PER_MINUTE;
    this.jumps.fire();
    return this.now();
  }
}

export type TestClockVerdict =
  | { readonly enabled: true }
  | { readonly enabled: false; readonly reason: string };

/**
 * PIN_TEST_CLOCK=true is honoured on the embedded database (development) and under NODE_ENV=test
 * (the suite's disposable databases); never in production, and never on a configured database
 * outside tests. startApp refuses to start when it is asked for where it is not allowed.
 */
export function testClockVerdict(
  settings: { readonly testClock: boolean; readonly nodeEnv: string },
  embeddedDatabase: boolean,
): TestClockVerdict {
  if (!settings.testClock) return { enabled: false, reason: "PIN_TEST_CLOCK is off" };
  if (settings.nodeEnv === "production") {
    return { enabled: false, reason: "PIN_TEST_CLOCK is refused when NODE_ENV=production" };
  }
  if (!embeddedDatabase && settings.nodeEnv !== "test") {
    return { enabled: false, reason: "PIN_TEST_CLOCK works only on the embedded database" };
  }
  return { enabled: true };
}

export const testClockDisabled = () =>
  new IllegalStateError(
    TEST_CLOCK_ERROR.disabled,
    "The test clock is off (set PIN_TEST_CLOCK=true on the embedded database; never in production)",
  );
