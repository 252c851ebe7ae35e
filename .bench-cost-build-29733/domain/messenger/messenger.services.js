import { markChatRead } from "./chat/mark-chat-read.js";
import { postDealMessage } from "./chat/post-deal-message.js";
import { createMessengerReads } from "./messenger.reads.js";
function createMessengerServices(infra) {
  const reads = createMessengerReads(infra.db);
  return {
    reads,
    commands: {
      post: (viewer, dealId, text, meta) => postDealMessage(infra, viewer, dealId, text, meta),
      async markRead(viewer, dealId, upTo) {
        await reads.requireMember(viewer, dealId);
        await markChatRead(infra.db, dealId, viewer.userId, upTo, infra.clock.now());
        return reads.readState(viewer, dealId);
      }
    }
  };
}
export {
  createMessengerServices
};
//# sourceMappingURL=messenger.services.js.map
