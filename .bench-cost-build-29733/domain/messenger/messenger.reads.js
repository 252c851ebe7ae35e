import { isChatMember } from "./chat/chat-membership.js";
import {
  findChatMembers,
  findChatsMembers,
  loadChatPage,
  loadMessagesAfter,
  loadReadStates,
  newestMessageId
} from "./chat/deal-chat.reads.js";
import { messengerErrors } from "./messenger.errors.js";
function createMessengerReads(db) {
  async function requireMember(viewer, dealId) {
    const members = await findChatMembers(db, dealId);
    if (!members || !isChatMember(viewer, members)) throw messengerErrors.chatNotFound(dealId);
  }
  async function readState(viewer, dealId) {
    const [state] = await loadReadStates(db, viewer.userId, [dealId]);
    return state ?? { dealId, lastReadMessageId: null, unreadCount: 0 };
  }
  return {
    requireMember,
    readState,
    async chat(viewer, dealId, window) {
      await requireMember(viewer, dealId);
      const [page, state] = await Promise.all([loadChatPage(db, dealId, window), readState(viewer, dealId)]);
      return { ...page, dealId, readState: state };
    },
    /** Read states of the chats among `dealIds` the viewer is a member of. */
    async unreadCounts(viewer, dealIds) {
      const members = await findChatsMembers(db, dealIds);
      const visible = members.filter((m) => isChatMember(viewer, m)).map((m) => m.dealId);
      return loadReadStates(db, viewer.userId, visible);
    },
    /** For a resuming subscriber (membership checked by the caller before it subscribed). */
    messagesAfter: (dealId, after, limit) => loadMessagesAfter(db, dealId, after, limit),
    newestMessageId: (dealId) => newestMessageId(db, dealId)
  };
}
export {
  createMessengerReads
};
//# sourceMappingURL=messenger.reads.js.map
