import { createCatalogServices } from "../domain/catalog/catalog.services.js";
import { createChessboardServices } from "../domain/chessboard/chessboard.services.js";
import { createCrmServices } from "../domain/crm/crm.services.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import { createDevStatsServices } from "../domain/devstats/devstats.services.js";
import { createMessengerServices } from "../domain/messenger/messenger.services.js";
import { createNotificationsServices } from "../domain/notifications/notifications.services.js";
import type { ApiDeps, ApiLive, ApiServices } from "../graphql/context.js";
import { createRateLimiter, type RateLimiter } from "../graphql/security/rate-limiter.js";
import type { Settings } from "../platform/config/settings.js";
import type { Infra } from "../platform/infra.js";

const DEFAULT_REBUILD_CHUNK = 100;
/** Distinct anonymous addresses tracked per minute; beyond it new addresses wait for the next window. */
const STOREFRONT_LIMITER_MAX_KEYS = 100_000;

/**
 * Every context's services, built once from the infrastructure. The GraphQL layer receives this
 * one typed object (ApiDeps.services); workers and tests build theirs the same way.
 */
export function createServices(
  infra: Infra,
  devstats: DevStats | null = null,
  settings: Pick<Settings, "catalogRebuildChunkSize"> = { catalogRebuildChunkSize: DEFAULT_REBUILD_CHUNK },
): ApiServices {
  return {
    crm: createCrmServices(infra),
    chessboard: createChessboardServices(infra),
    catalog: createCatalogServices(infra, settings),
    devstats: devstats ? createDevStatsServices(devstats) : null,
    messenger: createMessengerServices(infra),
    notifications: createNotificationsServices(infra),
  };
}

/**
 * What the GraphQL layer gets besides the services (ApiDeps.live, ApiDeps.storefrontLimiter): the
 * live hubs given (null for the others) and the storefront's limiter (its own per-process windows
 * unless one is given).
 */
export function liveAndLimits(
  hubs: Partial<ApiLive> = {},
  storefrontLimiter: RateLimiter = createRateLimiter({ maxKeys: STOREFRONT_LIMITER_MAX_KEYS }),
): Pick<ApiDeps, "live" | "storefrontLimiter"> {
  return {
    live: {
      chessboard: hubs.chessboard ?? null,
      messenger: hubs.messenger ?? null,
      notifications: hubs.notifications ?? null,
    },
    storefrontLimiter,
  };
}
