import { devstatsErrors } from "../../../domain/devstats/devstats.errors.js";
import type { DevStats } from "../../../domain/devstats/devstats.runtime.js";
import type { GraphQLContext } from "../../context.js";

declare module "../../context.js" {
  interface ApiExtensions {
    /** dev-stats analytics; null/absent when the process has no ClickHouse engine */
    devstats?: DevStats | null;
  }
}

export function devstatsOf(ctx: GraphQLContext): DevStats {
  const devstats = ctx.deps.extensions.devstats;
  if (!devstats)
    throw devstatsErrors.unavailable("no CLICKHOUSE_URL and the embedded chdb engine is not installed");
  return devstats;
}
