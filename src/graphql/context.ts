import type { Viewer } from "../platform/auth/viewer.js";
import type { Clock } from "../platform/clock/clock.js";
import type { TestClock } from "../platform/clock/test-clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { Db } from "../platform/db/prisma-client.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";

/**
 * Runtime pieces a context plugs into the API (e.g. chessboard's live-grid hub). Contexts add
 * their own members by declaration merging, so this file never imports a domain:
 *
 *   declare module "../../graphql/context.js" { interface ApiExtensions { chessboardLive: LiveHub } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface ApiExtensions {}

/** Built once at start (composition root) and shared by every request. */
export interface ApiDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: Settings;
  readonly extensions: ApiExtensions;
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
