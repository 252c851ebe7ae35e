import { counter, histogram } from "../../platform/metrics/registry.js";
function createDevStatsMetrics(registry) {
  return {
    /**
     * per message, by stage (Bookings | Deals): applied | duplicate_in_batch | invalid |
     * tenant_mismatch | late_dimension | disabled
     */
    funnelEvents: counter(
      registry,
      "devstats_funnel_events_total",
      "funnel events (booking-created, deal-sale-started) by stage and outcome",
      ["stage", "result"]
    ),
    enrich: counter(registry, "devstats_funnel_enrich_total", "dim_property_object lookups by result", [
      "result"
    ]),
    tenantMismatch: counter(
      registry,
      "devstats_funnel_tenant_mismatch_total",
      "funnel events whose TenantId differs from the object's DeveloperId (nothing written)"
    ),
    parked: counter(
      registry,
      "devstats_funnel_parked_total",
      "events parked for a late dimension (each attempt)"
    ),
    dimensionGap: counter(
      registry,
      "devstats_funnel_dimension_gap_total",
      "events dead-lettered because the dimension never arrived within the retries"
    ),
    insertRows: histogram(
      registry,
      "devstats_funnel_insert_rows",
      "rows per funnel insert",
      [],
      [1, 10, 50, 100, 250, 500, 1e3, 2500]
    ),
    insertParts: histogram(
      registry,
      "devstats_funnel_insert_parts",
      "parts (partitions touched) per funnel insert",
      [],
      [1, 2, 3, 5, 10]
    ),
    insertDuration: histogram(
      registry,
      "devstats_funnel_insert_duration_seconds",
      "funnel insert time",
      ["engine"],
      [1e-3, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5]
    ),
    insertFailures: counter(registry, "devstats_funnel_insert_failures_total", "failed funnel inserts", [
      "engine"
    ]),
    dimensions: counter(registry, "devstats_dimension_ingested_total", "dim_property_object rows by result", [
      "result"
    ])
  };
}
export {
  createDevStatsMetrics
};
//# sourceMappingURL=devstats.metrics.js.map
