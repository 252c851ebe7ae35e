import type {
  PropertyObjectPriceChangedEvent,
  PropertyObjectStatusChangedEvent,
} from "../../contracts/chessboard-events.js";
import type { EventEnvelope } from "../../platform/events/envelope.js";
import type { EventPlatform, Runner } from "../../platform/events/event-platform.js";
import { TOPIC } from "../../platform/events/topics.js";
import type { Infra } from "../../platform/infra.js";
import { counter, gauge } from "../../platform/metrics/registry.js";
import { createLiveHub, type LiveDelta, type LiveHub } from "./chessboard-live-hub.js";

/** A slow client may lag this many deltas before it is told to resubscribe (fresh snapshot). */
export const LIVE_MAX_QUEUE = 1_000;
export const LIVE_BROADCAST_NAME = "chessboard-live";

/** status-changed / price-changed payload → the delta clients receive; null for other topics. */
export function liveDeltaOf(envelope: EventEnvelope<unknown>): LiveDelta | null {
  if (envelope.topic === TOPIC.propertyObjectStatusChanged) {
    const p = envelope.payload as PropertyObjectStatusChangedEvent;
    return {
      kind: "status",
      propertyObjectId: p.PropertyObjectId,
      buildingId: p.BuildingId,
      projectId: p.ProjectId,
      version: p.Version,
      fromStatus: p.FromStatus,
      status: p.ToStatus,
      reservedUntil: p.ReservedUntil ? new Date(p.ReservedUntil) : null,
      bookedUntil: p.BookedUntil ? new Date(p.BookedUntil) : null,
      soldAt: p.SoldAt ? new Date(p.SoldAt) : null,
      changedAt: new Date(p.StatusChangedAt),
    };
  }
  if (envelope.topic === TOPIC.propertyObjectPriceChanged) {
    const p = envelope.payload as PropertyObjectPriceChangedEvent;
    return {
      kind: "price",
      propertyObjectId: p.PropertyObjectId,
      buildingId: p.BuildingId,
      projectId: p.ProjectId,
      version: p.Version,
      price: p.NewPrice,
      pricePerMeter: p.PricePerMeter,
      changedAt: new Date(p.ChangedAt),
    };
  }
  return null;
}

/**
 * The live grid of one API instance: an in-memory hub fed by a broadcast consumer of the
 * status-changed and price-changed topics (its own group per instance, starting at the latest
 * position), so any instance can serve any subscriber.
 */
export function createChessboardLive(deps: Infra & { readonly platform: EventPlatform }): {
  hub: LiveHub;
  runner: Runner;
} {
  const subscribers = gauge(
    deps.metrics,
    "chessboard_live_subscribers",
    "Open chessboard grid subscriptions",
  );
  const fanned = counter(deps.metrics, "chessboard_live_deltas_total", "Deltas delivered to subscribers", [
    "kind",
  ]);
  const hub = createLiveHub({ maxQueue: LIVE_MAX_QUEUE, onCountChange: (n) => subscribers.set(n) });
  const runner = deps.platform.runBroadcast({
    name: LIVE_BROADCAST_NAME,
    topics: [TOPIC.propertyObjectStatusChanged, TOPIC.propertyObjectPriceChanged],
    onEvent: (envelope) => {
      const delta = liveDeltaOf(envelope);
      if (!delta) return;
      const delivered = hub.publish(delta);
      if (delivered > 0) fanned.inc({ kind: delta.kind }, delivered);
    },
  });
  return { hub, runner };
}
