import type { CatalogServices } from "../domain/catalog/catalog.services.js";
import type { ChessboardServices } from "../domain/chessboard/chessboard.services.js";
import type { CrmServices } from "../domain/crm/crm.services.js";
import type { DevStatsServices } from "../domain/devstats/devstats.services.js";
import type { ChatMessage } from "../domain/messenger/chat/chat-message.js";
import type { MessengerServices } from "../domain/messenger/messenger.services.js";
import type { InboxNotification } from "../domain/notifications/inbox/notification.js";
import type { NotificationsServices } from "../domain/notifications/notifications.services.js";
import type { Viewer } from "../platform/auth/viewer.js";
import type { TestClock } from "../platform/clock/test-clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import type { LiveHub } from "./live/chessboard-live-hub.js";
import type { ResumableHub } from "./live/resumable-hub.js";
import type { RateLimiter } from "./security/rate-limiter.js";

/**
 * Every context's services, built once by the composition root (src/app.ts `createServices`) and
 * handed to the GraphQL layer as one typed object. Resolvers reach a context only through here:
 * `ctx.deps.services.crm.commands`, `ctx.deps.services.crm.reads`, … — never the database.
 * A new context adds one member here and one line in createServices. Services only: the live hubs
 * and the storefront limiter are `ApiDeps.live` / `ApiDeps.storefrontLimiter` (decision 0460).
 */
export interface ApiServices {
  readonly crm: CrmServices;
  readonly chessboard: ChessboardServices;
  readonly catalog: CatalogServices;
  /** dev-stats analytics (ClickHouse); null when the process has no engine (decision 0107) */
  readonly devstats: DevStatsServices | null;
  readonly messenger: MessengerServices;
  readonly notifications: NotificationsServices;
}

/**
 * The live hubs the subscriptions read, fed by this instance's broadcast consumers: GraphQL
 * plumbing of the api role, not a context's services (decision 0460). Null where the api role
 * does not run them.
 */
export interface ApiLive {
  /** The live grid hub */
  readonly chessboard: LiveHub | null;
  /** Live deal chats / inboxes */
  readonly messenger: ResumableHub<ChatMessage> | null;
  readonly notifications: ResumableHub<InboxNotification> | null;
}

/** Built once at start (composition root) and shared by every request. */
export interface ApiDeps {
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: Settings;
  readonly services: ApiServices;
  readonly live: ApiLive;
  /** Per-minute windows of anonymous storefront reads (lots, projectCards, catalogFilters), per address. */
  readonly storefrontLimiter: RateLimiter;
  /** Set only when PIN_TEST_CLOCK is on and allowed (decision 0079) */
  readonly testClock?: TestClock | null;
}

/** Per request (HTTP) or per operation (graphql-ws). */
export interface GraphQLContext {
  readonly viewer: Viewer | null;
  readonly deps: ApiDeps;
  readonly requestId: string;
  readonly log: Logger;
  /** The caller's socket address (HTTP); null over graphql-ws. Keys the anonymous rate limits. */
  readonly clientAddress?: string | null;
  /** How the operation came: HTTP (a subscription is then an SSE stream) or graphql-ws. */
  readonly transport?: "http" | "ws";
  /** The bearer token's expiry (ms since the epoch); live streams end there. Null without a token. */
  readonly tokenExpiresAtMs?: number | null;
}
