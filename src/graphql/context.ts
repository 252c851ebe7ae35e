import type { ChessboardServices } from "../domain/chessboard/chessboard.services.js";
import type { CrmServices } from "../domain/crm/crm.services.js";
import type { Viewer } from "../platform/auth/viewer.js";
import type { TestClock } from "../platform/clock/test-clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import type { LiveHub } from "./live/chessboard-live-hub.js";

/**
 * Every context's services, built once by the composition root (src/app.ts `createServices`) and
 * handed to the GraphQL layer as one typed object. Resolvers reach a context only through here:
 * `ctx.deps.services.crm.commands`, `ctx.deps.services.crm.reads`, … — never the database.
 * A new context adds one member here and one line in createServices.
 */
export interface ApiServices {
  readonly crm: CrmServices;
  readonly chessboard: ChessboardServices;
  /** The live grid hub fed by the broadcast consumer; null where the api role does not run it. */
  readonly chessboardLive: LiveHub | null;
}

/** Built once at start (composition root) and shared by every request. */
export interface ApiDeps {
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: Settings;
  readonly services: ApiServices;
  /** Set only when PIN_TEST_CLOCK is on and allowed (decision 0079) */
  readonly testClock?: TestClock | null;
}

/** Per request (HTTP) or per operation (graphql-ws). */
export interface GraphQLContext {
  readonly viewer: Viewer | null;
  readonly deps: ApiDeps;
  readonly requestId: string;
  readonly log: Logger;
}
