import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import type { Db } from "../../db/prisma-client.js";
import { counter, gauge, type Registry } from "../../metrics/registry.js";
import { deleteAppendedBefore } from "../local/sql/delete-appended-before.js";
import type { Transport } from "../transport/transport.js";
import { backlog } from "./sql/backlog.js";
import { deletePublishedBefore } from "./sql/delete-published-before.js";

const STATS_EVERY_MS = 5_000;
const RETENTION_SWEEP_EVERY_MS = 10 * 60_000;
const RETENTION_DELETE_BATCH = 5_000;
const HOUR_MS = 60 * 60_000;

/** Runs a bounded delete again until it comes back short of a full batch. */
async function inBatches(deleteUpTo: (limit: number) => Promise<number>): Promise<void> {
  while ((await deleteUpTo(RETENTION_DELETE_BATCH)) === RETENTION_DELETE_BATCH) {
    // a full batch: more rows may be past the cutoff
  }
}

/**
 * The relay's metrics and its upkeep, done by worker 0 between passes: the backlog gauges (at most
 * every 5 s, and after a failed pass) and the retention sweep of published rows (every 10 min; in
 * embedded mode the local log's too, as a Kafka topic's retention would).
 */
export function relayUpkeep(deps: {
  settings: Settings;
  db: Db;
  metrics: Registry;
  clock: Clock;
  transport: Transport;
}) {
  const { db, clock, settings } = deps;
  const metrics = {
    backlog: gauge(deps.metrics, "pin_outbox_backlog", "Unpublished outbox rows"),
    oldestAge: gauge(
      deps.metrics,
      "pin_outbox_oldest_unpublished_age_seconds",
      "Age of the oldest unpublished outbox row",
    ),
    published: counter(deps.metrics, "pin_outbox_published_total", "Outbox rows published", ["topic"]),
    errors: counter(
      deps.metrics,
      "pin_outbox_relay_errors_total",
      "Failed relay batches (broker or database)",
    ),
    claims: counter(
      deps.metrics,
      "pin_outbox_relay_claims_total",
      "Shard claim transactions the relay opened, by outcome (published, empty, locked elsewhere)",
      ["outcome"],
    ),
  };
  const last = { stats: 0, retention: 0 };
  return {
    metrics,
    async refreshStats(force = false): Promise<void> {
      const now = Date.now();
      if (!force && now - last.stats < STATS_EVERY_MS) return;
      last.stats = now;
      const { unpublished, oldest } = await backlog(db);
      metrics.backlog.set(unpublished);
      metrics.oldestAge.set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
    async sweepRetention(): Promise<void> {
      const now = Date.now();
      if (now - last.retention < RETENTION_SWEEP_EVERY_MS) return;
      last.retention = now;
      const cutoff = new Date(clock.now().getTime() - settings.outboxRetentionHours * HOUR_MS);
      await inBatches((limit) => deletePublishedBefore(db, cutoff, limit));
      if (deps.transport.kind === "local")
        await inBatches((limit) => deleteAppendedBefore(db, cutoff, limit));
    },
  };
}
