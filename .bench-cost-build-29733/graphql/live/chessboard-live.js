import { TOPIC } from "../../platform/events/topics.js";
import { counter, gauge } from "../../platform/metrics/registry.js";
import { createLiveHub } from "./chessboard-live-hub.js";
const LIVE_MAX_QUEUE = 1e3;
const LIVE_BROADCAST_NAME = "chessboard-live";
function liveDeltaOf(envelope) {
  if (envelope.topic === TOPIC.propertyObjectStatusChanged) {
    const p = envelope.payload;
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
      changedAt: new Date(p.StatusChangedAt)
    };
  }
  if (envelope.topic === TOPIC.propertyObjectPriceChanged) {
    const p = envelope.payload;
    return {
      kind: "price",
      propertyObjectId: p.PropertyObjectId,
      buildingId: p.BuildingId,
      projectId: p.ProjectId,
      version: p.Version,
      price: p.NewPrice,
      pricePerMeter: p.PricePerMeter,
      changedAt: new Date(p.ChangedAt)
    };
  }
  return null;
}
function createChessboardLive(deps) {
  const subscribers = gauge(
    deps.metrics,
    "chessboard_live_subscribers",
    "Open chessboard grid subscriptions"
  );
  const fanned = counter(deps.metrics, "chessboard_live_deltas_total", "Deltas delivered to subscribers", [
    "kind"
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
    }
  });
  return { hub, runner };
}
export {
  LIVE_BROADCAST_NAME,
  LIVE_MAX_QUEUE,
  createChessboardLive,
  liveDeltaOf
};
//# sourceMappingURL=chessboard-live.js.map
