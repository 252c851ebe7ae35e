import type { Clock } from "../platform/clock/clock.js";
import type { Db } from "../platform/db/prisma-client.js";
import type { EventPlatform, Runner } from "../platform/events/event-platform.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import type { ApiExtensions } from "./context.js";
import { createChessboardLive } from "./live/chessboard-live.js";
import { createMessengerLive } from "./live/messenger-live.js";
import { createNotificationsLive } from "./live/notifications-live.js";

export interface ExtensionDeps {
  readonly platform: EventPlatform;
  readonly db: Db;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly clock: Clock;
}

/**
 * Runtime pieces contexts plug into the api role (e.g. chessboard's live grid hub fed by a
 * broadcast consumer), with the runners that feed them.
 */
export function createApiExtensions(deps: ExtensionDeps): {
  extensions: ApiExtensions;
  runners: Array<{ name: string; runner: Runner }>;
} {
  const live = createChessboardLive(deps);
  const chats = createMessengerLive(deps);
  const inbox = createNotificationsLive(deps);
  return {
    extensions: { chessboardLive: live.hub, messengerLive: chats.hub, notificationsLive: inbox.hub },
    runners: [
      { name: "chessboard-live", runner: live.runner },
      { name: "messenger-live", runner: chats.runner },
      { name: "notifications-live", runner: inbox.runner },
    ],
  };
}
