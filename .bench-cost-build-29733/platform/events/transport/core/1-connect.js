import { ConfigError } from "../../../config/settings.js";
import { retryUntilReady } from "../../../startup/retry-until-ready.js";
import { createSecurityFaults } from "../../kafka-security-faults.js";
const PING_TIMEOUT_MS = 2e3;
function createConnection(port, log, names, partitions) {
  return {
    port,
    log,
    names,
    partitions,
    broker: { connected: false, security: createSecurityFaults(log) },
    knownTopics: /* @__PURE__ */ new Set(),
    partitionCounts: /* @__PURE__ */ new Map()
  };
}
async function ensureTopics(c, topics) {
  const missing = topics.filter((t) => !c.knownTopics.has(t));
  if (missing.length === 0) return;
  await c.port.admin.createTopics(missing, c.partitions);
  for (const t of missing) c.knownTopics.add(t);
}
async function partitionCountOf(c, topic) {
  const known = c.partitionCounts.get(topic);
  if (known !== void 0) return known;
  const n = await c.port.admin.partitionCount(topic);
  if (n > 0) c.partitionCounts.set(topic, n);
  return n || c.partitions;
}
function reached(c) {
  c.broker.connected = true;
  c.broker.security.cleared();
}
async function waitForBroker(c, cancelled) {
  await retryUntilReady(
    async () => {
      await c.port.admin.describeCluster();
      reached(c);
    },
    {
      what: "Kafka broker",
      log: c.log,
      cancelled,
      classify: (error) => {
        const verdict = c.port.classify(error);
        if (verdict.kind === "security") c.broker.security.report(verdict, "broker");
        return verdict.kind === "configuration" && !c.broker.connected ? { retry: false, fatal: new ConfigError(verdict.setting, verdict.reason) } : { retry: true, reason: verdict.reason, quiet: verdict.kind === "security" };
      }
    }
  );
}
async function ping(c) {
  let timer;
  try {
    await Promise.race([
      c.port.admin.describeCluster(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("ping timeout")), PING_TIMEOUT_MS);
      })
    ]);
    reached(c);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
export {
  createConnection,
  ensureTopics,
  partitionCountOf,
  ping,
  waitForBroker
};
//# sourceMappingURL=1-connect.js.map
