import { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * A body that is not a GraphQL request (invalid JSON, not an object) answers 400 whatever the
 * client accepts (issue #42 item 8): yoga marks its parse errors "spec" and then answers 200 to an
 * `Accept: application/json` client, which graphql-over-http says SHOULD be 400. The message and
 * code stay yoga's (BAD_REQUEST); the parser's own error detail is dropped.
 */
export function useBadRequestStatus(): Plugin {
  return {
    onRequestParse({ requestParser, setRequestParser }) {
      // set by yoga's own parsers (registered before ours) for the request's method and type
      if (!requestParser) return;
      setRequestParser(async (request) => {
        try {
          return await requestParser(request);
        } catch (error) {
          const e = error as GraphQLError;
          if (e?.name !== "GraphQLError" || e.extensions?.code !== "BAD_REQUEST") throw error;
          throw new GraphQLError(e.message, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } });
        }
      });
    },
  };
}
