import type { FeatureFlags } from "../../platform/flags/feature-flags.js";
import type { DevStatsReads } from "./devstats.reads.js";
import type { DevStats } from "./devstats.runtime.js";

/**
 * What dev-stats offers the GraphQL layer, like every context's `<context>.services.ts`: the
 * funnel reads and the feature flags. The runtime (`DevStats`: ClickHouse, store, ingest, metrics)
 * stays with the composition root and the consumers.
 */
export interface DevStatsServices {
  readonly reads: DevStatsReads;
  readonly flags: FeatureFlags;
}

export function createDevStatsServices(devstats: DevStats): DevStatsServices {
  return { reads: devstats.reads, flags: devstats.flags };
}
