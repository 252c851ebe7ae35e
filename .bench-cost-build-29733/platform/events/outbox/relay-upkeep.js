import { counter, gauge } from "../../metrics/registry.js";
import { deleteAppendedBefore } from "../local/sql/delete-appended-before.js";
import { backlog } from "./sql/backlog.js";
import { deletePublishedBefore } from "./sql/delete-published-before.js";
const STATS_EVERY_MS = 5e3;
const RETENTION_SWEEP_EVERY_MS = 10 * 6e4;
const RETENTION_DELETE_BATCH = 5e3;
const HOUR_MS = 60 * 6e4;
async function inBatches(deleteUpTo) {
  while (await deleteUpTo(RETENTION_DELETE_BATCH) === RETENTION_DELETE_BATCH) {
  }
}
function relayUpkeep(deps) {
  const { db, clock, settings } = deps;
  const metrics = {
    backlog: gauge(deps.metrics, "pin_outbox_backlog", "Unpublished outbox rows"),
    oldestAge: gauge(
      deps.metrics,
      "pin_outbox_oldest_unpublished_age_seconds",
      "Age of the oldest unpublished outbox row"
    ),
    published: counter(deps.metrics, "pin_outbox_published_total", "Outbox rows published", ["topic"]),
    errors: counter(
      deps.metrics,
      "pin_outbox_relay_errors_total",
      "Failed relay batches (broker or database)"
    ),
    claims: counter(
      deps.metrics,
      "pin_outbox_relay_claims_total",
      "Shard claim transactions the relay opened, by outcome (published, empty, locked elsewhere)",
      ["outcome"]
    )
  };
  const last = { stats: 0, retention: 0 };
  return {
    metrics,
    async refreshStats(force = false) {
      const now = Date.now();
      if (!force && now - last.stats < STATS_EVERY_MS) return;
      last.stats = now;
      const { unpublished, oldest } = await backlog(db);
      metrics.backlog.set(unpublished);
      metrics.oldestAge.set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1e3) : 0);
    },
    async sweepRetention() {
      const now = Date.now();
      if (now - last.retention < RETENTION_SWEEP_EVERY_MS) return;
      last.retention = now;
      const cutoff = new Date(clock.now().getTime() - settings.outboxRetentionHours * HOUR_MS);
      await inBatches((limit) => deletePublishedBefore(db, cutoff, limit));
      if (deps.transport.kind === "local")
        await inBatches((limit) => deleteAppendedBefore(db, cutoff, limit));
    }
  };
}
export {
  relayUpkeep
};
//# sourceMappingURL=relay-upkeep.js.map
