import { readFileSync } from "node:fs";
import { Kafka, logLevel } from "kafkajs";
import { startSaslSslBroker } from "../test/support/kafka-sasl-ssl.js";
const t0 = Date.now();
const b = await startSaslSslBroker();
console.log("started in", Date.now() - t0, b.brokers);
try {
  for (const mechanism of ["plain", "scram-sha-256", "scram-sha-512"] as const) {
    const admin = new Kafka({ clientId: "x", brokers: [b.brokers], logLevel: logLevel.NOTHING, ssl: { ca: [readFileSync(b.caFile, "utf8")] }, sasl: { mechanism, username: b.user, password: b.password } }).admin();
    await admin.connect(); console.log(mechanism, (await admin.describeCluster()).brokers); await admin.disconnect();
  }
  for (const [name, ca, pw] of [["wrongpw", b.caFile, "nope"], ["otherca", b.otherCaFile, b.password]]) {
    const admin = new Kafka({ clientId: "x", brokers: [b.brokers], logLevel: logLevel.NOTHING, retry: { retries: 0 }, ssl: { ca: [readFileSync(ca, "utf8")] }, sasl: { mechanism: "plain", username: b.user, password: pw } }).admin();
    try { await admin.connect(); await admin.describeCluster(); console.log(name, "UNEXPECTED OK"); } catch (e) { const x = e as any; console.log(name, x.name, x.message, x.code, x.type, x.originalError?.code, x.cause?.code); }
    await admin.disconnect().catch(() => {});
  }
} finally { await b.stop(); }
