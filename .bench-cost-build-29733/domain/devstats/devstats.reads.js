import { funnelDeveloperOf, validateFunnelFilter } from "./funnel-query.js";
function createDevStatsReads(store) {
  return {
    async conversionFunnel(viewer, input) {
      const developerId = funnelDeveloperOf(viewer, input.developerId);
      const filter = validateFunnelFilter(input, developerId);
      const { total, days } = await store.readFunnel(filter);
      return { developerId, from: filter.from, to: filter.to, counts: total, days };
    }
  };
}
export {
  createDevStatsReads
};
//# sourceMappingURL=devstats.reads.js.map
