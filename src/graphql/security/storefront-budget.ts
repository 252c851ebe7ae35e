import { type ExecutionArgs, GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import { type Counter, counter, type Registry } from "../../platform/metrics/registry.js";
import type { GraphQLContext } from "../context.js";
import { createHeavyLane, HEAVY_COST_UNITS, type HeavyLane } from "./heavy-lane.js";
import { createInFlight, type InFlight } from "./in-flight.js";
import { LIMITS } from "./limits.js";
import { createHeldDelays } from "./refusal-hold.js";
import { createRefusedCallers } from "./refused-callers.js";
import { storefrontCost } from "./storefront-cost.js";

/** Callers tracked in flight at once (a request over it is refused while the table is full). */
const IN_FLIGHT_MAX_KEYS = 100_000;

export const TOO_MANY_IN_FLIGHT = "TOO_MANY_IN_FLIGHT";
export const STOREFRONT_BUSY = "STOREFRONT_BUSY";
/** Heavy operations waiting for the lane per process; beyond, STOREFRONT_BUSY (503, Retry-After 1). */
const HEAVY_MAX_WAITING = 32;

type ExecuteHook = {
  args: ExecutionArgs;
  setResultAndStopExecution: (result: { errors: GraphQLError[] }) => void;
};

function refusal(
  message: string,
  code: string,
  retryAfterSeconds: number,
  extra: Record<string, unknown> = {},
  status = 429,
) {
  return new GraphQLError(message, {
    extensions: {
      code,
      retryAfterSeconds,
      ...extra,
      http: { status, headers: { "retry-after": String(retryAfterSeconds) } },
    },
  });
}

/**
 * The storefront's budget, charged before execution (issue #42 item 1; decisions 0572–0573): an
 * operation with storefront fields costs the units of storefront-cost.ts; the caller (its user,
 * else its address) may have a few such operations running at once (TOO_MANY_IN_FLIGHT) and
 * spend its cost units per minute (RATE_LIMITED, `costUnits` in the error), counted in the
 * storefront limiter (shared by the replicas where the API's rates are). HTTP and graphql-ws alike.
 */
export function useStorefrontBudget(
  refused: Counter<"reason">,
  metrics: Registry,
  heavySlots: number,
  inFlight: InFlight = createInFlight(IN_FLIGHT_MAX_KEYS),
  lane: HeavyLane = createHeavyLane(heavySlots, HEAVY_MAX_WAITING),
): Plugin {
  const overBudget = createRefusedCallers({ maxKeys: LIMITS.refusedCallersMaxKeys });
  const delays = createHeldDelays({ maxHeld: LIMITS.refusalsHeldMax, holdMs: LIMITS.refusalHoldMs });
  const heldAnswers = counter(
    metrics,
    "pin_graphql_storefront_refusals_held_total",
    "Storefront budget refusals (RATE_LIMITED) of a caller already refused in its window, answered after the hold",
  );
  return {
    async onExecute({ args, setResultAndStopExecution }: ExecuteHook) {
      const cost = storefrontCost(
        args.document,
        args.operationName,
        args.variableValues as Record<string, unknown>,
      );
      if (cost.units === 0) return;
      const ctx = args.contextValue as GraphQLContext;
      const { settings, storefrontLimiter } = ctx.deps;
      const signedIn = ctx.viewer !== null;
      const caller = signedIn ? `user:${ctx.viewer!.userId}` : `anon:${ctx.clientAddress ?? "unknown"}`;
      const maxInFlight = signedIn ? settings.storefrontInFlightUser : settings.storefrontInFlightAnonymous;
      if (!inFlight.enter(caller, maxInFlight)) {
        refused.inc({ reason: "storefront_in_flight" });
        setResultAndStopExecution({
          errors: [
            refusal(
              `At most ${maxInFlight} storefront requests at once; wait for one to finish`,
              TOO_MANY_IN_FLIGHT,
              1,
            ),
          ],
        });
        return;
      }
      const budget = signedIn
        ? settings.storefrontCostUserPerMinute
        : settings.storefrontCostAnonymousPerMinute;
      const taken = await storefrontLimiter.take(`storefront-cost:${caller}`, budget, cost.units);
      if (!taken.ok) {
        inFlight.leave(caller);
        refused.inc({ reason: signedIn ? "storefront_cost_user" : "storefront_cost_anonymous" });
        // Refused before in this window: the answer is held (decision 0619), the caller's other
        // operations are not refused for it (only the delay is remembered).
        const again = overBudget.check(caller) !== null;
        overBudget.remember(caller, Date.now() + taken.retryAfterSeconds * 1000, "storefront_cost");
        if (again && (await delays.hold())) heldAnswers.inc();
        setResultAndStopExecution({
          errors: [
            refusal(
              `The storefront budget is ${budget} cost units a minute; this request costs ${cost.units} (fewer aliases, facets or distance sorts)`,
              "RATE_LIMITED",
              taken.retryAfterSeconds,
              { costUnits: cost.units, budgetPerMinute: budget },
            ),
          ],
        });
        return;
      }
      const leaveLane = cost.units >= HEAVY_COST_UNITS ? await lane.enter() : () => {};
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
              503,
            ),
          ],
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
        },
      };
    },
  } as Plugin;
}
