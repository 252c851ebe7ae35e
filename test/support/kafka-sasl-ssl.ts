import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { answers, brokerDaemon, clusterId, kafkaLibs } from "../faults/rig/kafka-broker.js";
import { freePort } from "./npm-start.js";

/**
 * A single-node Kafka 3.9 broker with a SASL_SSL listener, of a test's own (issue #41, decision
 * 0544): certificates made at test time with the JDK's keytool — a CA, the broker's keystore
 * (signed by the CA, for 127.0.0.1 and localhost), a client certificate for the SSL listener that
 * requires one (mutual TLS), and a second CA nobody signed with (the "untrusted certificate"
 * case) — as PEM for the Node clients (`keytool -exportcert -rfc`).
 * SCRAM users are written at `kafka-storage format --add-scram`, PLAIN's in the listener's JAAS
 * line. A PLAINTEXT listener on loopback carries the broker's own traffic and the readiness probe.
 * The shared broker on 19092 is never touched; the data and keys live in a mkdtemp folder.
 */
export interface SaslSslBroker {
  /** host:port of the SASL_SSL listener */
  readonly brokers: string;
  readonly user: string;
  readonly password: string;
  /** PEM CA that signed the broker's certificate */
  readonly caFile: string;
  /** PEM CA that did not */
  readonly otherCaFile: string;
  /** A file holding the password and a trailing newline, as a mounted Kubernetes secret */
  readonly passwordFile: string;
  /** host:port of the SSL listener that requires a client certificate (mutual TLS, no SASL) */
  readonly mtlsBrokers: string;
  /** PEM client certificate (signed by the CA) and its unencrypted key */
  readonly clientCertFile: string;
  readonly clientKeyFile: string;
  readonly dir: string;
  stop(): Promise<void>;
}

const STORE_PASSWORD = "pin-test-store";
/** JVM flags for short-lived tools: starts in about half the time */
const QUICK_JVM = ["-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xshare:auto"];

function keytool(args: readonly string[]): void {
  execFileSync("keytool", [...QUICK_JVM, ...args, "-storepass", STORE_PASSWORD], { stdio: "pipe" });
}

/** A self-signed CA in `<name>.p12` and its certificate as PEM in `<name>.pem` */
function makeCa(dir: string, name: string): string {
  const store = path.join(dir, `${name}.p12`);
  const pem = path.join(dir, `${name}.pem`);
  keytool(
    ["-genkeypair", "-keystore", store, "-storetype", "PKCS12", "-alias", "ca", "-keyalg", "EC"].concat([
      "-dname",
      `CN=${name}`,
      "-validity",
      "2",
      "-ext",
      "bc:c",
    ]),
  );
  keytool(["-exportcert", "-keystore", store, "-alias", "ca", "-rfc", "-file", pem]);
  return pem;
}

/** The broker's keystore: a key pair for 127.0.0.1/localhost, signed by the CA, with the chain */
function makeBrokerKeystore(dir: string, caPem: string): string {
  const store = path.join(dir, "broker.p12");
  const ca = path.join(dir, "ca.p12");
  const csr = path.join(dir, "broker.csr");
  const signed = path.join(dir, "broker.pem");
  const san = "SAN=dns:localhost,ip:127.0.0.1";
  keytool(
    ["-genkeypair", "-keystore", store, "-storetype", "PKCS12", "-alias", "broker", "-keyalg", "EC"].concat([
      "-dname",
      "CN=localhost",
      "-validity",
      "2",
      "-ext",
      san,
    ]),
  );
  keytool(["-certreq", "-keystore", store, "-alias", "broker", "-file", csr]);
  keytool(
    ["-gencert", "-keystore", ca, "-alias", "ca", "-infile", csr, "-outfile", signed, "-rfc"].concat([
      "-validity",
      "2",
      "-ext",
      san,
      "-ext",
      "EKU=serverAuth",
    ]),
  );
  keytool(["-importcert", "-keystore", store, "-alias", "ca", "-file", caPem, "-noprompt"]);
  keytool(["-importcert", "-keystore", store, "-alias", "broker", "-file", signed, "-noprompt"]);
  return store;
}

/**
 * A client certificate signed by the CA, as PEM; its key leaves the PKCS12 keystore through
 * openssl (keytool cannot write a private key as PEM), the only step that is not keytool.
 */
function makeClientCertificate(dir: string): { cert: string; key: string } {
  const store = path.join(dir, "client.p12");
  const csr = path.join(dir, "client.csr");
  const cert = path.join(dir, "client.pem");
  const key = path.join(dir, "client.key");
  keytool(
    ["-genkeypair", "-keystore", store, "-storetype", "PKCS12", "-alias", "client", "-keyalg", "EC"].concat([
      "-dname",
      "CN=pin-client",
      "-validity",
      "2",
    ]),
  );
  keytool(["-certreq", "-keystore", store, "-alias", "client", "-file", csr]);
  keytool(
    [
      "-gencert",
      "-keystore",
      path.join(dir, "ca.p12"),
      "-alias",
      "ca",
      "-infile",
      csr,
      "-outfile",
      cert,
    ].concat(["-rfc", "-validity", "2", "-ext", "EKU=clientAuth"]),
  );
  execFileSync(
    "openssl",
    ["pkcs12", "-in", store, "-nocerts", "-nodes", "-passin", `pass:${STORE_PASSWORD}`].concat(["-out", key]),
    { stdio: "pipe" },
  );
  return { cert, key };
}

/** The brokers' truststore: the CA, to check client certificates on the SSL listener */
function makeTruststore(dir: string, caPem: string): string {
  const store = path.join(dir, "truststore.p12");
  keytool([
    "-importcert",
    "-keystore",
    store,
    "-storetype",
    "PKCS12",
    "-alias",
    "ca",
    "-file",
    caPem,
    "-noprompt",
  ]);
  return store;
}

function saslSslProperties(o: {
  template: string;
  data: string;
  internalPort: number;
  saslPort: number;
  mtlsPort: number;
  controllerPort: number;
  keystore: string;
  truststore: string;
  user: string;
  password: string;
}): string {
  const rendered = o.template
    .replaceAll("@DATA_DIR@", o.data)
    .replaceAll("@KAFKA_PORT@", String(o.internalPort))
    .replaceAll("@KAFKA_CONTROLLER_PORT@", String(o.controllerPort));
  // java.util.Properties: a key given again later wins.
  return `${rendered}
listeners=INTERNAL://127.0.0.1:${o.internalPort},SASL_SSL://127.0.0.1:${o.saslPort},SSL://127.0.0.1:${o.mtlsPort},CONTROLLER://127.0.0.1:${o.controllerPort}
advertised.listeners=INTERNAL://127.0.0.1:${o.internalPort},SASL_SSL://127.0.0.1:${o.saslPort},SSL://127.0.0.1:${o.mtlsPort}
inter.broker.listener.name=INTERNAL
listener.security.protocol.map=CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT,SASL_SSL:SASL_SSL,SSL:SSL
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_${o.user}="${o.password}";
listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
ssl.keystore.type=PKCS12
ssl.keystore.location=${o.keystore}
ssl.keystore.password=${STORE_PASSWORD}
ssl.key.password=${STORE_PASSWORD}
ssl.client.auth=none
listener.name.ssl.ssl.client.auth=required
ssl.truststore.type=PKCS12
ssl.truststore.location=${o.truststore}
ssl.truststore.password=${STORE_PASSWORD}
`;
}

function formatWithScram(libs: string, props: string, user: string, password: string): void {
  const scram = (mechanism: string) => ["--add-scram", `${mechanism}=[name=${user},password=${password}]`];
  execFileSync(
    "java",
    ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", `${libs}/*`, "kafka.tools.StorageTool"]
      .concat(["format", "-t", clusterId(), "-c", props])
      .concat(scram("SCRAM-SHA-256"), scram("SCRAM-SHA-512")),
    { stdio: "pipe" },
  );
}

export async function startSaslSslBroker(): Promise<SaslSslBroker> {
  const libs = kafkaLibs();
  const dir = await mkdtemp(path.join(tmpdir(), "pin-kafka-sasl-ssl-"));
  const data = path.join(dir, "data");
  await mkdir(data);
  const user = "pin";
  // Letters and digits only: it sits inside a JAAS line and a --add-scram argument.
  const password = `pw${randomBytes(12).toString("hex")}`;
  const caFile = makeCa(dir, "ca");
  const otherCaFile = makeCa(dir, "other-ca");
  const keystore = makeBrokerKeystore(dir, caFile);
  const truststore = makeTruststore(dir, caFile);
  const client = makeClientCertificate(dir);
  const passwordFile = path.join(dir, "sasl-password");
  await writeFile(passwordFile, `${password}\n`);
  const [internalPort, saslPort, mtlsPort, controllerPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const template = await readFile(
    path.resolve(import.meta.dirname, "../../infra/kafka/server.properties.template"),
    "utf8",
  );
  const props = path.join(dir, "server.properties");
  await writeFile(
    props,
    saslSslProperties({
      template,
      data,
      internalPort,
      saslPort,
      mtlsPort,
      controllerPort,
      keystore,
      truststore,
      user,
      password,
    }),
  );
  formatWithScram(libs, props, user, password);
  const internal = `127.0.0.1:${internalPort}`;
  const daemon = brokerDaemon({
    name: "kafka-sasl-ssl",
    libs,
    props,
    home: dir,
    heapMb: 384,
    ready: () => answers(internal),
  });
  await daemon.start();
  return {
    brokers: `127.0.0.1:${saslPort}`,
    user,
    password,
    caFile,
    otherCaFile,
    passwordFile,
    mtlsBrokers: `127.0.0.1:${mtlsPort}`,
    clientCertFile: client.cert,
    clientKeyFile: client.key,
    dir,
    async stop() {
      await daemon.stop(10_000);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
