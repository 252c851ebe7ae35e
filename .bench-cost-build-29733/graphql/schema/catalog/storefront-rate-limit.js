import { GraphQLError } from "graphql";
async function limitAnonymousStorefront(ctx) {
  if (ctx.viewer) return;
  const key = `storefront:anon:${ctx.clientAddress ?? "unknown"}`;
  const taken = await ctx.deps.storefrontLimiter.take(key, ctx.deps.settings.catalogLotsAnonymousPerMinute);
  if (!taken.ok) {
    throw new GraphQLError("Too many storefront requests; slow down or sign in", {
      extensions: {
        code: "RATE_LIMITED",
        retryAfterSeconds: taken.retryAfterSeconds,
        http: { status: 429, headers: { "retry-after": String(taken.retryAfterSeconds) } }
      }
    });
  }
}
export {
  limitAnonymousStorefront
};
//# sourceMappingURL=storefront-rate-limit.js.map
