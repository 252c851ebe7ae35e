import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { Admin } from "@platformatic/kafka";
import { startSaslSslBroker } from "../test/support/kafka-sasl-ssl.js";
const t0 = Date.now();
const b = await startSaslSslBroker();
console.log("started in", Date.now() - t0, b.brokers);
try {
  for (const mechanism of ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] as const) {
    const admin = new Admin({ clientId: "x", bootstrapBrokers: [b.brokers], tls: { ca: [readFileSync(b.caFile, "utf8")] }, tlsServerName: true, sasl: { mechanism, username: b.user, password: b.password } });
    console.log(mechanism, (await admin.metadata({ topics: [] })).brokers); await admin.close();
  }
  for (const [name, ca, pw] of [["wrongpw", b.caFile, "nope"], ["otherca", b.otherCaFile, b.password]]) {
    const admin = new Admin({ clientId: "x", bootstrapBrokers: [b.brokers], retries: 0, tls: { ca: [readFileSync(ca, "utf8")] }, tlsServerName: true, sasl: { mechanism: "SCRAM-SHA-256", username: b.user, password: pw } });
    try { await admin.metadata({ topics: [] }); console.log(name, "UNEXPECTED OK"); } catch (e) { console.log(name, inspect(e, { depth: 6 }).slice(0, 3000)); }
    await admin.close().catch(() => {});
  }
} finally { await b.stop(); }
