import { TEST_CLOCK_MAX_STEP_MINUTES, testClockDisabled } from "../../../platform/clock/test-clock.js";
import { ForbiddenError } from "../../../platform/errors/domain-error.js";
import { builder } from "../../builder.js";
const TestClockRef = builder.objectRef("TestClock").implement({
  description: "The test clock after a step: the system's now and how far it is ahead of real time.",
  fields: (t) => ({
    now: t.expose("now", { type: "DateTime", description: "The system's current time" }),
    offsetMinutes: t.exposeInt("offsetMinutes", {
      description: "How far it runs ahead of real time, minutes"
    })
  })
});
builder.mutationField(
  "advanceTestClock",
  (t) => t.field({
    type: TestClockRef,
    description: `Move the system's "now" forward by whole minutes (1\u2013${TEST_CLOCK_MAX_STEP_MINUTES}) so timers (reserve/booking expiry, hold-expiration) can be tried without waiting. Admin only; works only with PIN_TEST_CLOCK=true on the embedded database, never in production.

Errors:
- TEST_CLOCK_DISABLED: the test clock is off here.
- TEST_CLOCK_INVALID_STEP: minutes out of range.
- AUTH_FORBIDDEN: not an admin.`,
    authScopes: { authenticated: true },
    errors: {},
    args: { minutes: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      if (!ctx.viewer?.roles.includes("admin")) {
        throw new ForbiddenError("AUTH_FORBIDDEN", "Only an admin may move the test clock");
      }
      const clock = ctx.deps.testClock;
      if (!clock) throw testClockDisabled();
      const now = clock.advanceMinutes(args.minutes);
      ctx.log.warn({ minutes: args.minutes, offsetMinutes: clock.offsetMinutes, now }, "test clock advanced");
      return { now, offsetMinutes: clock.offsetMinutes };
    }
  })
);
//# sourceMappingURL=test-clock.js.map
