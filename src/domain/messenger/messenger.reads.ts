import type { Viewer } from "../../platform/auth/viewer.js";
import type { Db } from "../../platform/db/prisma-client.js";
import { isChatMember } from "./chat/chat-membership.js";
import type { ChatMessage } from "./chat/chat-message.js";
import {
  type ChatPage,
  type ChatReadState,
  findChatMembers,
  findChatsMembers,
  loadChatPage,
  loadMessagesAfter,
  loadReadStates,
  newestMessageId,
} from "./chat/deal-chat.reads.js";
import { messengerErrors } from "./messenger.errors.js";

export type DealChatView = ChatPage & { readonly dealId: string; readonly readState: ChatReadState };

/**
 * The messenger read path: membership first (others are told the chat does not exist), then pages
 * on the message id (decision 0127), read states, and what a reconnecting subscriber missed.
 * Resolvers call these and never Prisma.
 */
export function createMessengerReads(db: Db) {
  async function requireMember(viewer: Viewer, dealId: string): Promise<void> {
    const members = await findChatMembers(db, dealId);
    if (!members || !isChatMember(viewer, members)) throw messengerErrors.chatNotFound(dealId);
  }

  async function readState(viewer: Viewer, dealId: string): Promise<ChatReadState> {
    const [state] = await loadReadStates(db, viewer.userId, [dealId]);
    return state ?? { dealId, lastReadMessageId: null, unreadCount: 0 };
  }

  return {
    requireMember,
    readState,

    async chat(
      viewer: Viewer,
      dealId: string,
      window: { last: number; before: bigint | null },
    ): Promise<DealChatView> {
      await requireMember(viewer, dealId);
      const [page, state] = await Promise.all([loadChatPage(db, dealId, window), readState(viewer, dealId)]);
      return { ...page, dealId, readState: state };
    },

    /** Read states of the chats among `dealIds` the viewer is a member of. */
    async unreadCounts(viewer: Viewer, dealIds: readonly string[]): Promise<ChatReadState[]> {
      const members = await findChatsMembers(db, dealIds);
      const visible = members.filter((m) => isChatMember(viewer, m)).map((m) => m.dealId);
      return loadReadStates(db, viewer.userId, visible);
    },

    /** For a resuming subscriber (membership checked by the caller before it subscribed). */
    messagesAfter: (dealId: string, after: bigint, limit: number): Promise<ChatMessage[]> =>
      loadMessagesAfter(db, dealId, after, limit),
    newestMessageId: (dealId: string): Promise<bigint> => newestMessageId(db, dealId),
  };
}

export type MessengerReads = ReturnType<typeof createMessengerReads>;
