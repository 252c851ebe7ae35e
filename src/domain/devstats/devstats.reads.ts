import type { Viewer } from "../../platform/auth/viewer.js";
import type { DevStatsStore, FunnelDay } from "./devstats.store.js";
import type { StageCounts } from "./funnel.js";
import { type FunnelFilterInput, funnelDeveloperOf, validateFunnelFilter } from "./funnel-query.js";

export interface ConversionFunnelResult {
  readonly developerId: string;
  readonly from: string;
  readonly to: string;
  readonly counts: StageCounts;
  readonly days: FunnelDay[];
}

/** dev-stats' read path: who may read which developer, the validated filter, the ClickHouse read. */
export function createDevStatsReads(store: DevStatsStore) {
  return {
    async conversionFunnel(viewer: Viewer | null, input: FunnelFilterInput): Promise<ConversionFunnelResult> {
      const developerId = funnelDeveloperOf(viewer, input.developerId);
      const filter = validateFunnelFilter(input, developerId);
      const { total, days } = await store.readFunnel(filter);
      return { developerId, from: filter.from, to: filter.to, counts: total, days };
    },
  };
}

export type DevStatsReads = ReturnType<typeof createDevStatsReads>;
