import { messengerErrors } from "../../../domain/messenger/messenger.errors.js";
import {
  chatPageSize,
  dealIdOf,
  messageIdOf,
  UNREAD_DEAL_IDS_MAX
} from "../../../domain/messenger/messenger-input.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { DealChatPageRef, DealChatReadStateRef } from "./deal-chat-types.js";
builder.queryField(
  "dealChat",
  (t) => t.field({
    type: DealChatPageRef,
    description: "The chat of a deal: the `last` (1\u2013100, default 50) messages before message `before` (or the newest), oldest first. Members only (the deal's agent and investor, the developer's managers, pin_manager, admin). Errors: MESSENGER_CHAT_NOT_FOUND (no chat yet, or not a member), MESSENGER_INVALID_ID, MESSENGER_INVALID_PAGE.",
    authScopes: { authenticated: true },
    errors: {},
    args: {
      dealId: t.arg.id({ required: true }),
      last: t.arg.int({ required: false }),
      before: t.arg.string({ required: false })
    },
    resolve: (_root, args, ctx) => ctx.deps.services.messenger.reads.chat(requireViewer(ctx.viewer), dealIdOf(String(args.dealId)), {
      last: chatPageSize(args.last),
      before: args.before ? messageIdOf(String(args.before), "before") : null
    })
  })
);
builder.queryField(
  "dealChatUnreadCounts",
  (t) => t.field({
    type: [DealChatReadStateRef],
    description: `Unread counts of the given deals' chats (at most ${UNREAD_DEAL_IDS_MAX} ids). Deals whose chat you are not a member of, or that have no chat yet, are left out.`,
    authScopes: { authenticated: true },
    args: { dealIds: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      if (args.dealIds.length > UNREAD_DEAL_IDS_MAX) throw messengerErrors.invalidPage(UNREAD_DEAL_IDS_MAX);
      const dealIds = [...new Set(args.dealIds.map((id) => dealIdOf(String(id))))];
      return ctx.deps.services.messenger.reads.unreadCounts(viewer, dealIds);
    }
  })
);
//# sourceMappingURL=deal-chat-queries.js.map
