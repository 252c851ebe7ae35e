import { createBookingExpirationWorker } from "./booking-expiration.worker.js";
import { createCatalogFacetGroupsWorker } from "./catalog-facet-groups.worker.js";
import { createDisplayOverrideExpiryWorker } from "./display-override-expiry.worker.js";
import { createHoldExpirationWorker } from "./hold-expiration.worker.js";
import { createProjectionRebuildWorker } from "./projection-rebuild.worker.js";
import { createSavedSearchAlertsWorker } from "./saved-search-alerts.worker.js";
const WORKERS = [
  function bookingExpiration(deps) {
    return createBookingExpirationWorker(deps);
  },
  function holdExpiration(deps) {
    return createHoldExpirationWorker(deps);
  },
  function displayOverrideExpiry(deps) {
    return createDisplayOverrideExpiryWorker(deps);
  },
  function projectionRebuild(deps) {
    return createProjectionRebuildWorker(deps);
  },
  function savedSearchAlerts(deps) {
    return createSavedSearchAlertsWorker(deps);
  },
  function catalogFacetGroups(deps) {
    return createCatalogFacetGroupsWorker(deps);
  }
];
export {
  WORKERS
};
//# sourceMappingURL=index.js.map
