import {
  ALERT_BATCH_SIZE,
  type AlertSink,
  runSavedSearchAlertBatch,
} from "../domain/catalog/saved-searches/saved-search-alerts.js";
import { detectTypoSearch } from "../domain/catalog/storefront/search-capability.js";
import { addNotifications } from "../domain/notifications/inbox/add-notifications.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";
import { counter, histogram } from "../platform/metrics/registry.js";
import { createPeriodicWorker, type PeriodicWorker } from "../platform/workers/periodic-worker.js";
import type { Activity } from "../platform/workers/quiet-cadence.js";

const MS_PER_SECOND = 1_000;

/** catalog's alerts into the notifications inbox (+ notification-added → notificationAdded live). */
export const notificationsAlertSink: AlertSink = async (tx, alert, clock) =>
  (await addNotifications(tx, [alert.draft], { clock, sourceMessageId: alert.sourceId })).length;
export const SAVED_SEARCH_ALERTS_WORKER = "catalog-saved-search-alerts";

export interface SavedSearchAlertsDeps extends Infra {
  readonly settings: Pick<
    Settings,
    | "workerQuietCycleMs"
    | "catalogSavedSearchAlertsCycleSeconds"
    | "catalogSavedSearchAlertsDailyCap"
    | "catalogSavedSearchBackOnSaleSeconds"
  >;
  /** Signs of activity: the quiet cadence (decision 0614) */
  readonly activity?: Activity;
}

/**
 * Saved-search alerts (decisions 0364, 0581): batch after batch of the catalog's alert changes until one
 * comes back short. catalog_saved_search_alerts_total{outcome} counts changes taken, matches and
 * notifications; catalog_saved_search_alert_batch_seconds times a batch.
 */
export function createSavedSearchAlertsWorker(deps: SavedSearchAlertsDeps): PeriodicWorker<number> {
  const totals = counter(
    deps.metrics,
    "catalog_saved_search_alerts_total",
    "Saved-search alert work: changes taken, (user, lot) matches new today, notifications written, lots held back past a user's daily cap, back-on-sale changes dropped as too brief",
    ["outcome"],
  );
  const seconds = histogram(
    deps.metrics,
    "catalog_saved_search_alert_batch_seconds",
    "Duration of one saved-search alert batch",
  );
  const log = deps.log.child({ worker: SAVED_SEARCH_ALERTS_WORKER });
  let typoTolerant: Promise<boolean> | null = null;

  async function runOnce(): Promise<number> {
    typoTolerant ??= detectTypoSearch(deps.db).catch(() => false);
    const typos = await typoTolerant;
    let total = 0;
    for (;;) {
      const end = seconds.startTimer();
      const r = await runSavedSearchAlertBatch(deps.db, {
        clock: deps.clock,
        log,
        typoTolerant: typos,
        sink: notificationsAlertSink,
        dailyCap: deps.settings.catalogSavedSearchAlertsDailyCap,
        backOnSaleSeconds: deps.settings.catalogSavedSearchBackOnSaleSeconds,
      });
      end();
      totals.inc({ outcome: "change" }, r.changes);
      totals.inc({ outcome: "match" }, r.matches);
      totals.inc({ outcome: "notification" }, r.notifications);
      totals.inc({ outcome: "held_back" }, r.heldBack);
      totals.inc({ outcome: "brief_off_sale" }, r.briefOffSale);
      if (r.notifications > 0) log.info({ ...r }, "saved-search alerts written");
      total += r.notifications;
      if (r.taken < ALERT_BATCH_SIZE) return total;
    }
  }

  return createPeriodicWorker({
    name: SAVED_SEARCH_ALERTS_WORKER,
    every: deps.settings.catalogSavedSearchAlertsCycleSeconds * MS_PER_SECOND,
    runOnce,
    log: deps.log,
    metrics: deps.metrics,
    ...(deps.activity ? { quiet: { every: deps.settings.workerQuietCycleMs, activity: deps.activity } } : {}),
  });
}
