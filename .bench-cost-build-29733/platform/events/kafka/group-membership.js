import { randomBytes } from "node:crypto";
const REBALANCE_TIMEOUT_MS = 6e4;
const MAX_HEARTBEAT_MS = 2e3;
function groupTimeouts(sessionTimeoutMs) {
  return {
    sessionTimeoutMs,
    heartbeatMs: Math.min(MAX_HEARTBEAT_MS, Math.floor(sessionTimeoutMs / 3)),
    rebalanceTimeoutMs: Math.max(REBALANCE_TIMEOUT_MS, sessionTimeoutMs)
  };
}
function newBootId() {
  return randomBytes(4).toString("hex");
}
function broadcastGroupId(name, instanceId, bootId) {
  return `pin-broadcast-${name}-${instanceId}-${bootId}`;
}
export {
  broadcastGroupId,
  groupTimeouts,
  newBootId
};
//# sourceMappingURL=group-membership.js.map
