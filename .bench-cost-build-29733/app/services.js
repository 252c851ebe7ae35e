import { createCatalogServices } from "../domain/catalog/catalog.services.js";
import { createChessboardServices } from "../domain/chessboard/chessboard.services.js";
import { createCrmServices } from "../domain/crm/crm.services.js";
import { createDevStatsServices } from "../domain/devstats/devstats.services.js";
import { createMessengerServices } from "../domain/messenger/messenger.services.js";
import { createNotificationsServices } from "../domain/notifications/notifications.services.js";
import { createRateLimiter } from "../graphql/security/rate-limiter.js";
const DEFAULT_REBUILD_CHUNK = 100;
const STOREFRONT_LIMITER_MAX_KEYS = 1e5;
function createServices(infra, devstats = null, settings = { catalogRebuildChunkSize: DEFAULT_REBUILD_CHUNK }) {
  return {
    crm: createCrmServices(infra),
    chessboard: createChessboardServices(infra),
    catalog: createCatalogServices(infra, settings),
    devstats: devstats ? createDevStatsServices(devstats) : null,
    messenger: createMessengerServices(infra),
    notifications: createNotificationsServices(infra)
  };
}
function liveAndLimits(hubs = {}, storefrontLimiter = createRateLimiter({ maxKeys: STOREFRONT_LIMITER_MAX_KEYS })) {
  return {
    live: {
      chessboard: hubs.chessboard ?? null,
      messenger: hubs.messenger ?? null,
      notifications: hubs.notifications ?? null
    },
    storefrontLimiter
  };
}
export {
  createServices,
  liveAndLimits
};
//# sourceMappingURL=services.js.map
