import { IllegalStateError, ValidationError } from "../errors/domain-error.js";
import { JumpListeners } from "./clock.js";
const TEST_CLOCK_ERROR = {
  disabled: "TEST_CLOCK_DISABLED",
  invalidStep: "TEST_CLOCK_INVALID_STEP"
};
const MS_PER_MINUTE = 6e4;
const TEST_CLOCK_MAX_STEP_MINUTES = 366 * 24 * 60;
class TestClock {
  constructor(base) {
    this.base = base;
  }
  base;
  offsetMs = 0;
  jumps = new JumpListeners();
  onJump(listener) {
    return this.jumps.add(listener);
  }
  now() {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  get offsetMinutes() {
    return this.offsetMs / MS_PER_MINUTE;
  }
  advanceMinutes(minutes) {
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > TEST_CLOCK_MAX_STEP_MINUTES) {
      throw new ValidationError(
        TEST_CLOCK_ERROR.invalidStep,
        `Move the clock forward by 1\u2013${TEST_CLOCK_MAX_STEP_MINUTES} whole minutes`,
        { minutes }
      );
    }
    this.offsetMs += minutes * MS_PER_MINUTE;
    this.jumps.fire();
    return this.now();
  }
}
function testClockVerdict(settings, embeddedDatabase) {
  if (!settings.testClock) return { enabled: false, reason: "PIN_TEST_CLOCK is off" };
  if (settings.nodeEnv === "production") {
    return { enabled: false, reason: "PIN_TEST_CLOCK is refused when NODE_ENV=production" };
  }
  if (!embeddedDatabase && settings.nodeEnv !== "test") {
    return { enabled: false, reason: "PIN_TEST_CLOCK works only on the embedded database" };
  }
  return { enabled: true };
}
const testClockDisabled = () => new IllegalStateError(
  TEST_CLOCK_ERROR.disabled,
  "The test clock is off (set PIN_TEST_CLOCK=true on the embedded database; never in production)"
);
export {
  TEST_CLOCK_ERROR,
  TEST_CLOCK_MAX_STEP_MINUTES,
  TestClock,
  testClockDisabled,
  testClockVerdict
};
//# sourceMappingURL=test-clock.js.map
