import type { DealMessagePostedV1 } from "../../contracts/messenger-events.js";
import { type ChatMessage, chatMessageFromEvent } from "../../domain/messenger/chat/chat-message.js";
import { MESSENGER_ERROR } from "../../domain/messenger/messenger.errors.js";
import type { EventPlatform, Runner } from "../../platform/events/event-platform.js";
import { TOPIC } from "../../platform/events/topics.js";
import type { Logger } from "../../platform/log/logger.js";
import { counter, gauge, type Registry } from "../../platform/metrics/registry.js";
import { createResumableHub, type ResumableHub } from "./resumable-hub.js";

/** A slow client may lag this many messages before it is ended (it resumes from its last id). */
export const CHAT_LIVE_MAX_QUEUE = 1_000;
export const CHAT_LIVE_BROADCAST_NAME = "messenger-live";

export class ChatLiveOverflowError extends Error {
  readonly code = MESSENGER_ERROR.liveOverflow;
  constructor() {
    super("The subscriber fell too far behind; resubscribe with the last message id you saw");
  }
}

/**
 * Live deal chats of one API instance: a hub keyed by deal id, fed by a broadcast consumer of
 * pin.messenger.deal-message-posted (own group per instance, latest position), so any instance
 * serves any subscriber — the same shape as the chessboard's live grid (decision 0064).
 */
export function createMessengerLive(deps: { platform: EventPlatform; log: Logger; metrics: Registry }): {
  hub: ResumableHub<ChatMessage>;
  runner: Runner;
} {
  const subscribers = gauge(
    deps.metrics,
    "messenger_live_subscribers",
    "Open dealChatMessages subscriptions",
  );
  const fanned = counter(
    deps.metrics,
    "messenger_live_messages_total",
    "Chat messages delivered to subscribers",
  );
  const hub = createResumableHub<ChatMessage>({
    maxQueue: CHAT_LIVE_MAX_QUEUE,
    overflowError: () => new ChatLiveOverflowError(),
    onCountChange: (n) => subscribers.set(n),
  });
  const runner = deps.platform.runBroadcast({
    name: CHAT_LIVE_BROADCAST_NAME,
    topics: [TOPIC.dealMessagePosted],
    onEvent: (envelope) => {
      if (envelope.topic !== TOPIC.dealMessagePosted) return;
      const message = chatMessageFromEvent(envelope.payload as DealMessagePostedV1);
      const delivered = hub.publish(message.dealId, message);
      if (delivered > 0) fanned.inc(delivered);
    },
  });
  return { hub, runner };
}
