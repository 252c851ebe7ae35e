import type { Viewer } from "../../platform/auth/viewer.js";
import type { Infra } from "../../platform/infra.js";
import type { ChatMessage } from "./chat/chat-message.js";
import type { ChatReadState } from "./chat/deal-chat.reads.js";
import { markChatRead } from "./chat/mark-chat-read.js";
import { postDealMessage } from "./chat/post-deal-message.js";
import { createMessengerReads, type MessengerReads } from "./messenger.reads.js";

export interface MessengerCommands {
  post(viewer: Viewer, dealId: string, text: string, meta: { causationId: string }): Promise<ChatMessage>;
  markRead(viewer: Viewer, dealId: string, upTo: bigint | null): Promise<ChatReadState>;
}

/** Everything messenger offers the transports: its commands and its read path. */
export interface MessengerServices {
  readonly commands: MessengerCommands;
  readonly reads: MessengerReads;
}

/** Built once by the composition root (src/app.ts). */
export function createMessengerServices(infra: Infra): MessengerServices {
  const reads = createMessengerReads(infra.db);
  return {
    reads,
    commands: {
      post: (viewer, dealId, text, meta) => postDealMessage(infra, viewer, dealId, text, meta),
      async markRead(viewer, dealId, upTo) {
        await reads.requireMember(viewer, dealId);
        await markChatRead(infra.db, dealId, viewer.userId, upTo, infra.clock.now());
        return reads.readState(viewer, dealId);
      },
    },
  };
}
