import { GraphQLError } from "graphql";
import { counter } from "../../platform/metrics/registry.js";
import { createHeavyLane, HEAVY_COST_UNITS } from "./heavy-lane.js";
import { createInFlight } from "./in-flight.js";
import { LIMITS } from "./limits.js";
import { createHeldDelays } from "./refusal-hold.js";
import { createRefusedCallers } from "./refused-callers.js";
import { storefrontCost } from "./storefront-cost.js";
const IN_FLIGHT_MAX_KEYS = 1e5;
const TOO_MANY_IN_FLIGHT = "TOO_MANY_IN_FLIGHT";
const STOREFRONT_BUSY = "STOREFRONT_BUSY";
const HEAVY_MAX_WAITING = 32;
function refusal(message, code, retryAfterSeconds, extra = {}, status = 429) {
  return new GraphQLError(message, {
    extensions: {
      code,
      retryAfterSeconds,
      ...extra,
      http: { status, headers: { "retry-after": String(retryAfterSeconds) } }
    }
  });
}
function useStorefrontBudget(refused, metrics, heavySlots, inFlight = createInFlight(IN_FLIGHT_MAX_KEYS), lane = createHeavyLane(heavySlots, HEAVY_MAX_WAITING)) {
  const overBudget = createRefusedCallers({ maxKeys: LIMITS.refusedCallersMaxKeys });
  const delays = createHeldDelays({ maxHeld: LIMITS.refusalsHeldMax, holdMs: LIMITS.refusalHoldMs });
  const heldAnswers = counter(
    metrics,
    "pin_graphql_storefront_refusals_held_total",
    "Storefront budget refusals (RATE_LIMITED) of a caller already refused in its window, answered after the hold"
  );
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const cost = storefrontCost(
        args.document,
        args.operationName,
        args.variableValues
      );
      if (cost.units === 0) return;
      const ctx = args.contextValue;
      const { settings, storefrontLimiter } = ctx.deps;
      const signedIn = ctx.viewer !== null;
      const caller = signedIn ? `user:${ctx.viewer.userId}` : `anon:${ctx.clientAddress ?? "unknown"}`;
      const maxInFlight = signedIn ? settings.storefrontInFlightUser : settings.storefrontInFlightAnonymous;
      if (!inFlight.enter(caller, maxInFlight)) {
        refused.inc({ reason: "storefront_in_flight" });
        setResultAndStopExecution({
          errors: [
            refusal(
              `At most ${maxInFlight} storefront requests at once; wait for one to finish`,
              TOO_MANY_IN_FLIGHT,
              1
            )
          ]
        });
        return;
      }
      const budget = signedIn ? settings.storefrontCostUserPerMinute : settings.storefrontCostAnonymousPerMinute;
      const taken = await storefrontLimiter.take(`storefront-cost:${caller}`, budget, cost.units);
      if (!taken.ok) {
        inFlight.leave(caller);
        refused.inc({ reason: signedIn ? "storefront_cost_user" : "storefront_cost_anonymous" });
        const again = overBudget.check(caller) !== null;
        overBudget.remember(caller, Date.now() + taken.retryAfterSeconds * 1e3, "storefront_cost");
        if (again && await delays.hold()) heldAnswers.inc();
        setResultAndStopExecution({
          errors: [
            refusal(
              `The storefront budget is ${budget} cost units a minute; this request costs ${cost.units} (fewer aliases, facets or distance sorts)`,
              "RATE_LIMITED",
              taken.retryAfterSeconds,
              { costUnits: cost.units, budgetPerMinute: budget }
            )
          ]
        });
        return;
      }
      const leaveLane = cost.units >= HEAVY_COST_UNITS ? await lane.enter() : () => {
      };
      if (!leaveLane) {
        inFlight.leave(caller);
        refused.inc({ reason: "storefront_busy" });
        setResultAndStopExecution({
          errors: [
            refusal(
              "The storefront is busy with heavy reads; retry in a second",
              STOREFRONT_BUSY,
              1,
              {},
              503
            )
          ]
        });
        return;
      }
      let left = false;
      return {
        onExecuteDone() {
          if (left) return;
          left = true;
          leaveLane();
          inFlight.leave(caller);
        }
      };
    }
  };
}
export {
  STOREFRONT_BUSY,
  TOO_MANY_IN_FLIGHT,
  useStorefrontBudget
};
//# sourceMappingURL=storefront-budget.js.map
