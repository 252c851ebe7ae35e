import { dealIdOf, messageIdOf } from "../../../domain/messenger/messenger-input.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { DealChatMessageRef, DealChatReadStateRef } from "./deal-chat-types.js";
builder.mutationField(
  "postDealMessage",
  (t) => t.field({
    type: DealChatMessageRef,
    description: "Post a text message to a deal chat (members only). Text: 1\u20134000 characters after trimming. Errors: MESSENGER_CHAT_NOT_FOUND, MESSENGER_INVALID_ID, MESSENGER_MESSAGE_EMPTY, MESSENGER_MESSAGE_TOO_LONG.",
    authScopes: { authenticated: true },
    errors: {},
    args: { dealId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.messenger.commands.post(
      requireViewer(ctx.viewer),
      dealIdOf(String(args.dealId)),
      args.text,
      { causationId: ctx.requestId }
    )
  })
);
builder.mutationField(
  "markDealChatRead",
  (t) => t.field({
    type: DealChatReadStateRef,
    description: "Move your read mark forward to `upToMessageId` (default: the newest message). It never moves back. Errors: MESSENGER_CHAT_NOT_FOUND, MESSENGER_INVALID_ID.",
    authScopes: { authenticated: true },
    errors: {},
    args: { dealId: t.arg.id({ required: true }), upToMessageId: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) => ctx.deps.services.messenger.commands.markRead(
      requireViewer(ctx.viewer),
      dealIdOf(String(args.dealId)),
      args.upToMessageId ? messageIdOf(String(args.upToMessageId), "upToMessageId") : null
    )
  })
);
//# sourceMappingURL=deal-chat-mutations.js.map
