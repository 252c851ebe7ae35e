import { COMMIT_CHANNEL } from "../commit-signals.js";
const senders = /* @__PURE__ */ new WeakMap();
function signalOutboxAfterCommit(pool) {
  let sender = senders.get(pool);
  if (!sender) {
    sender = { inFlight: false, again: false };
    senders.set(pool, sender);
  }
  if (sender.inFlight) {
    sender.again = true;
    return;
  }
  send(pool, sender);
}
function send(pool, sender) {
  sender.inFlight = true;
  sender.again = false;
  pool.query(`NOTIFY ${COMMIT_CHANNEL.outbox}`).catch(() => {
  }).finally(() => {
    sender.inFlight = false;
    if (sender.again) send(pool, sender);
  });
}
export {
  signalOutboxAfterCommit
};
//# sourceMappingURL=after-commit-signal.js.map
