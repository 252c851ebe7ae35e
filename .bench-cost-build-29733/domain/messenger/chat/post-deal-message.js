import { messengerErrors } from "../messenger.errors.js";
import { appendChatMessage } from "./append-chat-message.js";
import { isChatMember } from "./chat-membership.js";
import { findChatMembers } from "./deal-chat.reads.js";
import { normaliseMessageText } from "./message-text.js";
async function postDealMessage(deps, viewer, dealId, text, meta) {
  const body = normaliseMessageText(text);
  const members = await findChatMembers(deps.db, dealId);
  if (!members || !isChatMember(viewer, members)) throw messengerErrors.chatNotFound(dealId);
  const { message } = await deps.db.$transaction(
    (tx) => appendChatMessage(
      tx,
      dealId,
      { kind: "Text", authorUserId: viewer.userId, body },
      { clock: deps.clock, causationId: meta.causationId }
    )
  );
  if (!message) throw messengerErrors.chatNotFound(dealId);
  return message;
}
export {
  postDealMessage
};
//# sourceMappingURL=post-deal-message.js.map
