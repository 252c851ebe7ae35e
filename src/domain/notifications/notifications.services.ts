import type { Viewer } from "../../platform/auth/viewer.js";
import type { Infra } from "../../platform/infra.js";
import { countUnread } from "./inbox/inbox.reads.js";
import { inboxOwnerOf } from "./inbox/inbox-owner.js";
import { markInboxRead } from "./inbox/mark-inbox-read.js";
import { createNotificationsReads, type NotificationsReads } from "./notifications.reads.js";

export interface NotificationsCommands {
  /** Returns how many became read and the unread count after. */
  markRead(
    viewer: Viewer,
    which: { ids: readonly bigint[] } | { all: true },
  ): Promise<{ marked: number; unreadCount: number }>;
}

/** Everything notifications offers the transports: its command and its read path. */
export interface NotificationsServices {
  readonly commands: NotificationsCommands;
  readonly reads: NotificationsReads;
}

/** Built once by the composition root (src/app.ts). */
export function createNotificationsServices(infra: Infra): NotificationsServices {
  return {
    reads: createNotificationsReads(infra.db),
    commands: {
      async markRead(viewer, which) {
        const owner = inboxOwnerOf(viewer);
        const marked = await markInboxRead(infra.db, owner, which, infra.clock.now());
        return { marked, unreadCount: await countUnread(infra.db, owner) };
      },
    },
  };
}
