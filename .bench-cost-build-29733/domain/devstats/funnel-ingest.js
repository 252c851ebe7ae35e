import { FEATURE_FLAGS } from "../../platform/flags/feature-flags.js";
import {
  BOOKINGS_SOURCE,
  DEALS_SOURCE,
  planStageBatch,
  propertyObjectsOf
} from "./funnel.js";
const DIMENSION_CACHE_MAX = 2e5;
const METRIC_RESULT = {
  applied: "applied",
  "duplicate-in-batch": "duplicate_in_batch",
  invalid: "invalid",
  "tenant-mismatch": "tenant_mismatch",
  "late-dimension": "late_dimension",
  disabled: "disabled"
};
function createFunnelIngest(deps) {
  const { store, newSink, newDealSink, flags, metrics, log } = deps;
  const cache = /* @__PURE__ */ new Map();
  async function lookup(ids) {
    const found = /* @__PURE__ */ new Map();
    const now = performance.now();
    const missing = [];
    for (const id of ids) {
      const hit = cache.get(id);
      if (hit && now - hit.at < deps.dimensionCacheMs) found.set(id, hit.dimension);
      else missing.push(id);
    }
    metrics.enrich.inc({ result: "cached" }, found.size);
    if (missing.length === 0) return found;
    const read = await store.findDimensions(missing);
    metrics.enrich.inc({ result: "hit" }, read.size);
    metrics.enrich.inc({ result: "miss" }, missing.length - read.size);
    if (deps.dimensionCacheMs > 0) {
      if (cache.size + read.size > DIMENSION_CACHE_MAX) cache.clear();
      for (const [id, dimension] of read) cache.set(id, { dimension, at: now });
    }
    for (const [id, dimension] of read) found.set(id, dimension);
    return found;
  }
  async function prepareStage(source, items) {
    if (items.length === 0) return { outcomes: [], rows: [] };
    const stage = source.stage;
    if (!await flags.isEnabled(FEATURE_FLAGS.devStatsFunnel)) {
      metrics.funnelEvents.inc({ stage, result: "disabled" }, items.length);
      log.debug({ stage, messages: items.length }, "dev-stats funnel disabled: acknowledged without writing");
      return { outcomes: items.map(() => ({ kind: "disabled" })), rows: [] };
    }
    const facts = items.map((item) => source.read(item.payload));
    const ids = propertyObjectsOf(facts);
    const dimensions = ids.length > 0 ? await lookup(ids) : /* @__PURE__ */ new Map();
    const plan = planStageBatch(source, items, facts, dimensions);
    const counts = /* @__PURE__ */ new Map();
    plan.outcomes.forEach((outcome, i) => {
      const result = METRIC_RESULT[outcome.kind];
      counts.set(result, (counts.get(result) ?? 0) + 1);
      if (outcome.kind === "applied" || outcome.kind === "duplicate-in-batch") return;
      const messageId = items[i].messageId;
      switch (outcome.kind) {
        case "invalid":
          log.warn({ messageId, stage, reason: outcome.reason }, `${source.event} payload invalid: skipped`);
          break;
        case "tenant-mismatch":
          metrics.tenantMismatch.inc();
          log.warn(
            { messageId, stage, propertyObjectId: outcome.propertyObjectId, alert: "tenant-mismatch" },
            `${source.event} TenantId differs from the object's DeveloperId: nothing written`
          );
          break;
        case "late-dimension":
          metrics.parked.inc();
          log.info(
            { messageId, stage, propertyObjectId: outcome.propertyObjectId },
            "dimension not there yet: parked"
          );
          break;
        default:
          break;
      }
    });
    for (const [result, n] of counts) metrics.funnelEvents.inc({ stage, result }, n);
    return { outcomes: plan.outcomes, rows: plan.rows };
  }
  const prepare = (items) => prepareStage(BOOKINGS_SOURCE, items);
  const prepareDeals = (items) => prepareStage(DEALS_SOURCE, items);
  async function handleBatch(items) {
    const { outcomes, rows } = await prepare(items);
    const sink = newSink();
    sink.write(rows);
    const flushed = await sink.flush();
    if (flushed.rows > 0) log.debug(flushed, "funnel batch inserted");
    return outcomes;
  }
  function newDimensionSink() {
    let buffer = [];
    return {
      get pending() {
        return buffer.length;
      },
      write(rows) {
        for (const row of rows) buffer.push(row);
      },
      async flush() {
        const rows = buffer;
        buffer = [];
        if (rows.length > 0) await store.insertDimensions(rows);
        metrics.dimensions.inc({ result: "ingested" }, rows.length);
        return { rows: rows.length, parts: rows.length > 0 ? 1 : 0, inserts: rows.length > 0 ? 1 : 0 };
      }
    };
  }
  return { prepare, prepareDeals, handleBatch, newSink, newDealSink, newDimensionSink };
}
export {
  createFunnelIngest
};
//# sourceMappingURL=funnel-ingest.js.map
