import { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "../context.js";
import { endingAt } from "../live/ending-stream.js";
import { wsGraphQLError } from "../scalars/input-error.js";
import { currentRequestScope } from "./request-scope.js";
import type { AdmittedStream } from "./ws-limits.js";

export const TOKEN_EXPIRED = "TOKEN_EXPIRED";

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

/** The last event of a stream whose token expired: the client subscribes again with a fresh token. */
function tokenExpiredResult() {
  return {
    errors: [
      new GraphQLError("The token expired; subscribe again with a fresh token", {
        extensions: { code: TOKEN_EXPIRED },
      }),
    ],
  };
}

/**
 * Subscriptions over HTTP (SSE) under the WebSocket rules (issue #25 items 3–4): a token is
 * required; the stream is one live connection and one subscription of its user against the same
 * per-user and per-process caps; it ends with a TOKEN_EXPIRED event at the token's expiry instant;
 * and the request deadline, which bounds a request's answer, does not cut a started stream (as a
 * WebSocket operation has none) — its database work keeps the per-operation caps. Place it last:
 * it wraps the subscribe function the other plugins settled on.
 */
export function useSseLimits(limits: { admitStream(userId: string): AdmittedStream | GraphQLError }): Plugin {
  return {
    onSubscribe({ args, subscribeFn, setSubscribeFn, setResultAndStopExecution }) {
      const ctx = args.contextValue as unknown as GraphQLContext;
      if (ctx.transport !== "http") return;
      if (!ctx.viewer || ctx.tokenExpiresAtMs == null) {
        setResultAndStopExecution({
          errors: [wsGraphQLError("Sign in first: subscriptions need a token", "UNAUTHENTICATED")],
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
        let result: Awaited<ReturnType<typeof subscribeFn>>;
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
        return endingAt(result, expiresAtMs, tokenExpiredResult, () => admitted.release()) as typeof result;
      });
    },
  };
}
