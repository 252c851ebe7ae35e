import { devstatsErrors } from "../../../domain/devstats/devstats.errors.js";
import type { DevStatsServices } from "../../../domain/devstats/devstats.services.js";
import type { GraphQLContext } from "../../context.js";

export function devstatsOf(ctx: GraphQLContext): DevStatsServices {
  const devstats = ctx.deps.services.devstats;
  if (!devstats)
    throw devstatsErrors.unavailable("no CLICKHOUSE_URL and the embedded chdb engine is not installed");
  return devstats;
}
