import { GraphQLError } from "graphql";
import type { GraphQLContext } from "../../context.js";

/**
 * The public storefront is readable without a token; anonymous callers get a per-address budget of
 * storefront reads per minute (PIN_CATALOG_LOTS_ANONYMOUS_PER_MINUTE, decision 0095). Signed-in
 * callers are not limited here. Over graphql-ws there is no anonymous caller (connection_init
 * requires a token).
 */
export async function limitAnonymousStorefront(ctx: GraphQLContext): Promise<void> {
  if (ctx.viewer) return;
  const key = `storefront:anon:${ctx.clientAddress ?? "unknown"}`;
  const taken = await ctx.deps.storefrontLimiter.take(key, ctx.deps.settings.catalogLotsAnonymousPerMinute);
  if (!taken.ok) {
    throw new GraphQLError("Too many storefront requests; slow down or sign in", {
      extensions: {
        code: "RATE_LIMITED",
        retryAfterSeconds: taken.retryAfterSeconds,
        http: { status: 429, headers: { "retry-after": String(taken.retryAfterSeconds) } },
      },
    });
  }
}
