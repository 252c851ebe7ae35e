import { MESSENGER_ERROR } from "../../../domain/messenger/messenger.errors.js";
import { dealIdOf, messageIdOf } from "../../../domain/messenger/messenger-input.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { IllegalStateError } from "../../../platform/errors/domain-error.js";
import { builder } from "../../builder.js";
import { CHAT_LIVE_MAX_QUEUE } from "../../live/messenger-live.js";
import { SHARED_EXECUTION } from "../../shared-subscription-execution.js";
import { DealChatMessageRef } from "./deal-chat-types.js";
builder.subscriptionField(
  "dealChatMessages",
  (t) => t.field({
    type: DealChatMessageRef,
    description: `New messages of a deal chat (members only), over graphql-ws or SSE. Pass the id of the last message you saw as afterMessageId: the messages you missed come first, then live ones, each once and in order \u2014 nothing is lost across a reconnect. More than ${CHAT_LIVE_MAX_QUEUE} missed: MESSENGER_RESUME_TOO_FAR (reload with dealChat). Errors: MESSENGER_CHAT_NOT_FOUND, MESSENGER_INVALID_ID, MESSENGER_LIVE_OVERFLOW.`,
    authScopes: { authenticated: true },
    // Membership is checked in subscribe (per subscriber); nothing below depends on the viewer, so
    // one execution per message serves every member watching the chat (decision 0007).
    extensions: { [SHARED_EXECUTION]: true },
    args: { dealId: t.arg.id({ required: true }), afterMessageId: t.arg.string({ required: false }) },
    subscribe: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const hub = ctx.deps.live.messenger;
      const reads = ctx.deps.services.messenger.reads;
      if (!hub)
        throw new IllegalStateError(
          MESSENGER_ERROR.liveUnavailable,
          "Live chats are not enabled on this instance"
        );
      const dealId = dealIdOf(String(args.dealId));
      const after = args.afterMessageId ? messageIdOf(String(args.afterMessageId), "afterMessageId") : null;
      await reads.requireMember(viewer, dealId);
      const subscription = hub.subscribe([dealId]);
      const backlog = after === null ? reads.newestMessageId(dealId).then((newest) => ({ missed: [], floor: newest })) : reads.messagesAfter(dealId, after, CHAT_LIVE_MAX_QUEUE + 1).then((missed) => ({
        missed,
        floor: after
      }));
      backlog.then(
        ({ missed, floor }) => missed.length > CHAT_LIVE_MAX_QUEUE ? subscription.close(
          new IllegalStateError(
            MESSENGER_ERROR.resumeTooFar,
            "Too many missed messages; reload with dealChat"
          )
        ) : subscription.open(missed, floor),
        (error) => subscription.close(error instanceof Error ? error : new Error(String(error)))
      );
      return subscription;
    },
    resolve: (message) => message
  })
);
//# sourceMappingURL=deal-chat-messages.js.map
