// Readiness probe for the local Kafka broker: polls a kafkajs admin `describeCluster` until the
// broker answers with itself and an elected controller, or the timeout passes.
// Usage: node scripts/infra/kafka-ready.mjs --brokers 127.0.0.1:19092 [--timeout 90] [--pid N] [--min-brokers N]
// (--min-brokers: a node of a cluster is ready once it sees that many brokers; default 1)
// Exit 0 when ready, 1 on timeout, 2 when the watched broker process died meanwhile.
import { Kafka, logLevel } from "kafkajs";

const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const brokers = (args.get("--brokers") ?? "127.0.0.1:19092").split(",");
const timeoutMs = Number(args.get("--timeout") ?? 90) * 1000;
const pid = args.has("--pid") ? Number(args.get("--pid")) : undefined;
const minBrokers = Number(args.get("--min-brokers") ?? 1);

const alive = (p) => {
  try {
    process.kill(p, 0);
    return true;
  } catch {
    return false;
  }
};

const started = Date.now();
let lastError = "no attempt yet";
while (Date.now() - started < timeoutMs) {
  if (pid !== undefined && !alive(pid)) {
    console.error(`[kafka-ready] broker process ${pid} exited before becoming ready (last: ${lastError})`);
    process.exit(2);
  }
  const kafka = new Kafka({
    clientId: "infra-ready-probe",
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    requestTimeout: 3000,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (
      cluster.brokers.length >= minBrokers &&
      cluster.controller !== null &&
      cluster.controller !== undefined
    ) {
      console.error(
        `[kafka-ready] ready after ${Date.now() - started} ms: cluster ${cluster.clusterId}, ` +
          `brokers ${cluster.brokers.map((b) => `${b.host}:${b.port}`).join(",")}, controller ${cluster.controller}`,
      );
      await admin.disconnect().catch(() => {});
      process.exit(0);
    }
    lastError = `describeCluster: ${JSON.stringify(cluster)}`;
  } catch (err) {
    lastError = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
  await admin.disconnect().catch(() => {});
  await new Promise((r) => setTimeout(r, 500));
}
console.error(`[kafka-ready] not ready after ${timeoutMs / 1000}s at ${brokers.join(",")}: ${lastError}`);
process.exit(1);
