import { counter } from "../../metrics/registry.js";
class PublishTimeoutError extends Error {
  constructor(afterMs) {
    super(`the Kafka client did not answer a publish within ${afterMs} ms; its producer is replaced`);
    this.afterMs = afterMs;
    this.name = "PublishTimeoutError";
  }
  afterMs;
  code = "OUTBOX_PUBLISH_TIMEOUT";
}
async function within(work, ms) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new PublishTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
function relayPublishers(transport, brokers, log, metrics) {
  return {
    publisher: null,
    replacing: null,
    active: false,
    transport,
    options: brokers ? { brokers } : void 0,
    log,
    timeouts: counter(
      metrics,
      "pin_outbox_publish_timeouts_total",
      "Relay publishes the Kafka client did not answer in time (its producer was replaced)"
    )
  };
}
async function currentPublisher(p) {
  if (p.publisher || !p.active) return p.publisher;
  p.replacing ??= p.transport.publisher(p.options).finally(() => {
    p.replacing = null;
  });
  p.publisher = await p.replacing;
  return p.publisher;
}
function abandon(p, pub, why, quiet = false) {
  if (!pub || p.publisher !== pub) return;
  p.publisher = null;
  if (why === "timeout") p.timeouts.inc();
  if (quiet) p.log.debug({ why }, "outbox relay: producer replaced");
  else p.log.warn({ why }, "outbox relay: producer replaced");
  void pub.close().catch(() => {
  });
}
export {
  PublishTimeoutError,
  abandon,
  currentPublisher,
  relayPublishers,
  within
};
//# sourceMappingURL=relay-publisher.js.map
