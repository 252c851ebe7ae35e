import { chatMessageFromEvent } from "../../domain/messenger/chat/chat-message.js";
import { MESSENGER_ERROR } from "../../domain/messenger/messenger.errors.js";
import { TOPIC } from "../../platform/events/topics.js";
import { counter, gauge } from "../../platform/metrics/registry.js";
import { createResumableHub } from "./resumable-hub.js";
const CHAT_LIVE_MAX_QUEUE = 1e3;
const CHAT_LIVE_BROADCAST_NAME = "messenger-live";
class ChatLiveOverflowError extends Error {
  code = MESSENGER_ERROR.liveOverflow;
  constructor() {
    super("The subscriber fell too far behind; resubscribe with the last message id you saw");
  }
}
function createMessengerLive(deps) {
  const subscribers = gauge(
    deps.metrics,
    "messenger_live_subscribers",
    "Open dealChatMessages subscriptions"
  );
  const fanned = counter(
    deps.metrics,
    "messenger_live_messages_total",
    "Chat messages delivered to subscribers"
  );
  const hub = createResumableHub({
    maxQueue: CHAT_LIVE_MAX_QUEUE,
    overflowError: () => new ChatLiveOverflowError(),
    onCountChange: (n) => subscribers.set(n)
  });
  const runner = deps.platform.runBroadcast({
    name: CHAT_LIVE_BROADCAST_NAME,
    topics: [TOPIC.dealMessagePosted],
    onEvent: (envelope) => {
      if (envelope.topic !== TOPIC.dealMessagePosted) return;
      const message = chatMessageFromEvent(envelope.payload);
      const delivered = hub.publish(message.dealId, message);
      if (delivered > 0) fanned.inc(delivered);
    }
  });
  return { hub, runner };
}
export {
  CHAT_LIVE_BROADCAST_NAME,
  CHAT_LIVE_MAX_QUEUE,
  ChatLiveOverflowError,
  createMessengerLive
};
//# sourceMappingURL=messenger-live.js.map
