import type { Viewer } from "../../../platform/auth/viewer.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { messengerErrors } from "../messenger.errors.js";
import { appendChatMessage } from "./append-chat-message.js";
import { isChatMember } from "./chat-membership.js";
import type { ChatMessage } from "./chat-message.js";
import { findChatMembers } from "./deal-chat.reads.js";
import { normaliseMessageText } from "./message-text.js";

/** A member posts a text message; anyone else is told the chat does not exist. */
export async function postDealMessage(
  deps: { readonly db: Db; readonly clock: Clock },
  viewer: Viewer,
  dealId: string,
  text: string,
  meta: { causationId: string },
): Promise<ChatMessage> {
  const body = normaliseMessageText(text);
  const members = await findChatMembers(deps.db, dealId);
  if (!members || !isChatMember(viewer, members)) throw messengerErrors.chatNotFound(dealId);
  const { message } = await deps.db.$transaction((tx) =>
    appendChatMessage(
      tx,
      dealId,
      { kind: "Text", authorUserId: viewer.userId, body },
      { clock: deps.clock, causationId: meta.causationId },
    ),
  );
  if (!message) throw messengerErrors.chatNotFound(dealId);
  return message;
}
