import { GraphQLError } from "graphql";
import { endingAt } from "../live/ending-stream.js";
import { wsGraphQLError } from "../scalars/input-error.js";
import { currentRequestScope } from "./request-scope.js";
const TOKEN_EXPIRED = "TOKEN_EXPIRED";
const isAsyncIterable = (value) => typeof value === "object" && value !== null && Symbol.asyncIterator in value;
function tokenExpiredResult() {
  return {
    errors: [
      new GraphQLError("The token expired; subscribe again with a fresh token", {
        extensions: { code: TOKEN_EXPIRED }
      })
    ]
  };
}
function useSseLimits(limits) {
  return {
    onSubscribe({ args, subscribeFn, setSubscribeFn, setResultAndStopExecution }) {
      const ctx = args.contextValue;
      if (ctx.transport !== "http") return;
      if (!ctx.viewer || ctx.tokenExpiresAtMs == null) {
        setResultAndStopExecution({
          errors: [wsGraphQLError("Sign in first: subscriptions need a token", "UNAUTHENTICATED")]
        });
        return;
      }
      const admitted = limits.admitStream(ctx.viewer.userId);
      if (admitted instanceof Error) {
        setResultAndStopExecution({ errors: [admitted] });
        return;
      }
      const scope = currentRequestScope();
      if (scope) scope.live = true;
      const expiresAtMs = ctx.tokenExpiresAtMs;
      setSubscribeFn(async (subscribeArgs) => {
        let result;
        try {
          result = await subscribeFn(subscribeArgs);
        } catch (error) {
          admitted.release();
          throw error;
        }
        if (!isAsyncIterable(result)) {
          admitted.release();
          return result;
        }
        return endingAt(result, expiresAtMs, tokenExpiredResult, () => admitted.release());
      });
    }
  };
}
export {
  TOKEN_EXPIRED,
  useSseLimits
};
//# sourceMappingURL=sse-limits.js.map
