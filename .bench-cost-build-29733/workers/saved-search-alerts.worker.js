import {
  ALERT_BATCH_SIZE,
  runSavedSearchAlertBatch
} from "../domain/catalog/saved-searches/saved-search-alerts.js";
import { detectTypoSearch } from "../domain/catalog/storefront/search-capability.js";
import { addNotifications } from "../domain/notifications/inbox/add-notifications.js";
import { counter, histogram } from "../platform/metrics/registry.js";
import { createPeriodicWorker } from "../platform/workers/periodic-worker.js";
const MS_PER_SECOND = 1e3;
const notificationsAlertSink = async (tx, alert, clock) => (await addNotifications(tx, [alert.draft], { clock, sourceMessageId: alert.sourceId })).length;
const SAVED_SEARCH_ALERTS_WORKER = "catalog-saved-search-alerts";
function createSavedSearchAlertsWorker(deps) {
  const totals = counter(
    deps.metrics,
    "catalog_saved_search_alerts_total",
    "Saved-search alert work: changes taken, (user, lot) matches new today, notifications written, lots held back past a user's daily cap, back-on-sale changes dropped as too brief",
    ["outcome"]
  );
  const seconds = histogram(
    deps.metrics,
    "catalog_saved_search_alert_batch_seconds",
    "Duration of one saved-search alert batch"
  );
  const log = deps.log.child({ worker: SAVED_SEARCH_ALERTS_WORKER });
  let typoTolerant = null;
  async function runOnce() {
    typoTolerant ??= detectTypoSearch(deps.db).catch(() => false);
    const typos = await typoTolerant;
    let total = 0;
    for (; ; ) {
      const end = seconds.startTimer();
      const r = await runSavedSearchAlertBatch(deps.db, {
        clock: deps.clock,
        log,
        typoTolerant: typos,
        sink: notificationsAlertSink,
        dailyCap: deps.settings.catalogSavedSearchAlertsDailyCap,
        backOnSaleSeconds: deps.settings.catalogSavedSearchBackOnSaleSeconds
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
    ...deps.activity ? { quiet: { every: deps.settings.workerQuietCycleMs, activity: deps.activity } } : {}
  });
}
export {
  SAVED_SEARCH_ALERTS_WORKER,
  createSavedSearchAlertsWorker,
  notificationsAlertSink
};
//# sourceMappingURL=saved-search-alerts.worker.js.map
