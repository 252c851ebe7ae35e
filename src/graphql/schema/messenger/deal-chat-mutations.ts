import { isChatMember } from "../../../domain/messenger/chat/chat-membership.js";
import { findChatMembers, loadReadStates } from "../../../domain/messenger/chat/deal-chat.reads.js";
import { markChatRead } from "../../../domain/messenger/chat/mark-chat-read.js";
import { postDealMessage } from "../../../domain/messenger/chat/post-deal-message.js";
import { messengerErrors } from "../../../domain/messenger/messenger.errors.js";
import { dealIdOf, messageIdOf } from "../../../domain/messenger/messenger-input.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { DealChatMessageRef, DealChatReadStateRef } from "./deal-chat-types.js";

builder.mutationField("postDealMessage", (t) =>
  t.field({
    type: DealChatMessageRef,
    description:
      "Post a text message to a deal chat (members only). Text: 1–4000 characters after trimming. Errors: MESSENGER_CHAT_NOT_FOUND, MESSENGER_INVALID_ID, MESSENGER_MESSAGE_EMPTY, MESSENGER_MESSAGE_TOO_LONG.",
    authScopes: { authenticated: true },
    errors: {},
    args: { dealId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      postDealMessage(
        { db: ctx.deps.db, clock: ctx.deps.clock },
        requireViewer(ctx.viewer),
        dealIdOf(String(args.dealId)),
        args.text,
        { causationId: ctx.requestId },
      ),
  }),
);

builder.mutationField("markDealChatRead", (t) =>
  t.field({
    type: DealChatReadStateRef,
    description:
      "Move your read mark forward to `upToMessageId` (default: the newest message). It never moves back. Errors: MESSENGER_CHAT_NOT_FOUND, MESSENGER_INVALID_ID.",
    authScopes: { authenticated: true },
    errors: {},
    args: { dealId: t.arg.id({ required: true }), upToMessageId: t.arg.id({ required: false }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const dealId = dealIdOf(String(args.dealId));
      const upTo = args.upToMessageId ? messageIdOf(String(args.upToMessageId), "upToMessageId") : null;
      const members = await findChatMembers(ctx.deps.db, dealId);
      if (!members || !isChatMember(viewer, members)) throw messengerErrors.chatNotFound(dealId);
      await markChatRead(ctx.deps.db, dealId, viewer.userId, upTo, ctx.deps.clock.now());
      const [state] = await loadReadStates(ctx.deps.db, viewer.userId, [dealId]);
      return state ?? { dealId, lastReadMessageId: null, unreadCount: 0 };
    },
  }),
);
