import { describe, expect, it } from "vitest";
import { ConfigError, loadSettings } from "../config/settings.js";
import { createMemoryLogger } from "../log/logger.js";
import { kafkajsSecurity } from "./kafka/kafkajs-security.js";
import {
  describeKafkaSecurity,
  type KafkaSecuritySettings,
  type ReadSecretFile,
  resolveKafkaSecurity,
} from "./kafka-security.js";
import { createSecurityFaults, isReportedKafkaFault } from "./kafka-security-faults.js";
import { platformaticSecurity } from "./platformatic/platformatic-security.js";

const CA = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n";
const FILES: Record<string, string> = {
  "/s/ca.pem": CA,
  "/s/client.pem": CA,
  "/s/client.key": KEY,
  "/s/password": "s3cret-from-file\n",
  "/s/user": "api-key",
  "/s/empty": "\n",
  "/s/not-pem": "hello",
};
const read: ReadSecretFile = (path) => {
  const content = FILES[path];
  if (content === undefined) throw Object.assign(new Error(`ENOENT ${path}`), { code: "ENOENT" });
  return content;
};

const NONE: KafkaSecuritySettings = {
  kafkaTls: false,
  kafkaTlsCaFile: null,
  kafkaTlsCertFile: null,
  kafkaTlsKeyFile: null,
  kafkaTlsServerName: null,
  kafkaSaslMechanism: "none",
  kafkaSaslUsername: null,
  kafkaSaslUsernameFile: null,
  kafkaSaslPassword: null,
  kafkaSaslPasswordFile: null,
};
const resolve = (s: Partial<KafkaSecuritySettings>) => resolveKafkaSecurity({ ...NONE, ...s }, read);

describe("resolveKafkaSecurity (issue #41)", () => {
  it("nothing set is plaintext", () => {
    expect(resolve({})).toEqual({ ok: true, security: { tls: null, sasl: null } });
  });

  it("TLS with a CA, a client certificate and a server name; SCRAM with secrets from mounted files", () => {
    const result = resolve({
      kafkaTls: true,
      kafkaTlsCaFile: "/s/ca.pem",
      kafkaTlsCertFile: "/s/client.pem",
      kafkaTlsKeyFile: "/s/client.key",
      kafkaTlsServerName: "kafka.example.com",
      kafkaSaslMechanism: "scram-sha-512",
      kafkaSaslUsernameFile: "/s/user",
      kafkaSaslPasswordFile: "/s/password",
    });
    expect(result).toEqual({
      ok: true,
      security: {
        tls: { ca: CA, cert: CA, key: KEY, serverName: "kafka.example.com" },
        // the file's trailing newline is not part of the password
        sasl: { mechanism: "scram-sha-512", username: "api-key", password: "s3cret-from-file" },
      },
    });
    if (result.ok) expect(JSON.stringify(describeKafkaSecurity(result.security))).not.toContain("s3cret");
  });

  it.each([
    [{ kafkaTlsCaFile: "/s/ca.pem" }, "KAFKA_TLS_CA_FILE", /KAFKA_TLS=true/],
    [{ kafkaTls: true, kafkaTlsCertFile: "/s/client.pem" }, "KAFKA_TLS_KEY_FILE", /both/],
    [{ kafkaTls: true, kafkaTlsCaFile: "/s/missing.pem" }, "KAFKA_TLS_CA_FILE", /cannot read .*ENOENT/],
    [{ kafkaTls: true, kafkaTlsCaFile: "/s/not-pem" }, "KAFKA_TLS_CA_FILE", /no PEM block/],
    [{ kafkaSaslMechanism: "plain", kafkaSaslPassword: "x" } as const, "KAFKA_SASL_USERNAME", /required/],
    [{ kafkaSaslMechanism: "plain", kafkaSaslUsername: "u" } as const, "KAFKA_SASL_PASSWORD", /required/],
    [{ kafkaSaslUsername: "u", kafkaSaslPassword: "x" }, "KAFKA_SASL_MECHANISM", /name the mechanism/],
    [
      {
        kafkaSaslMechanism: "plain",
        kafkaSaslUsername: "u",
        kafkaSaslPassword: "x",
        kafkaSaslPasswordFile: "/s/password",
      } as const,
      "KAFKA_SASL_PASSWORD_FILE",
      /not both/,
    ],
    [
      { kafkaSaslMechanism: "plain", kafkaSaslUsername: "u", kafkaSaslPasswordFile: "/s/empty" } as const,
      "KAFKA_SASL_PASSWORD_FILE",
      /empty/,
    ],
  ])("%o is refused naming %s", (settings, setting, reason) => {
    const result = resolve(settings as Partial<KafkaSecuritySettings>);
    expect(result).toMatchObject({ ok: false, setting });
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("loadSettings refuses a bad combination with a ConfigError naming the setting, never the secret", () => {
    const load = () =>
      loadSettings({
        NODE_ENV: "test",
        KAFKA_SASL_MECHANISM: "scram-sha-256",
        KAFKA_SASL_PASSWORD: "hunter2-secret",
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/KAFKA_SASL_USERNAME/);
    expect(load).not.toThrow(/hunter2/);
    expect(() => loadSettings({ NODE_ENV: "test", KAFKA_SASL_MECHANISM: "gssapi" })).toThrow(
      /KAFKA_SASL_MECHANISM/,
    );
  });
});

describe("the per-client mappings", () => {
  const security = {
    tls: { ca: CA, cert: CA, key: KEY, serverName: null },
    sasl: { mechanism: "scram-sha-256", username: "u", password: "p" },
  } as const;

  it("kafkajs: ssl and sasl in its lower-case mechanism names; nothing for plaintext", () => {
    expect(kafkajsSecurity(security)).toEqual({
      ssl: { ca: [CA], cert: CA, key: KEY },
      sasl: { mechanism: "scram-sha-256", username: "u", password: "p" },
    });
    expect(kafkajsSecurity({ tls: { ...security.tls, serverName: "b.example" }, sasl: null })).toEqual({
      ssl: { ca: [CA], cert: CA, key: KEY, servername: "b.example" },
    });
    expect(kafkajsSecurity({ tls: null, sasl: null })).toEqual({});
  });

  it("@platformatic/kafka: tls, SNI as kafkajs sends it (a host name, not an IP), upper-case mechanisms", () => {
    expect(platformaticSecurity(security, ["b1.example:9093"])).toEqual({
      tls: { ca: [CA], cert: CA, key: KEY },
      tlsServerName: true,
      sasl: { mechanism: "SCRAM-SHA-256", username: "u", password: "p" },
    });
    expect(platformaticSecurity(security, ["127.0.0.1:9093"]).tlsServerName).toBe(false);
    expect(
      platformaticSecurity({ tls: { ...security.tls, serverName: "x.example" }, sasl: null }, []),
    ).toEqual({
      tls: { ca: [CA], cert: CA, key: KEY },
      tlsServerName: "x.example",
    });
    expect(platformaticSecurity({ tls: null, sasl: null })).toEqual({});
  });
});

describe("createSecurityFaults: one error line per standing fault", () => {
  it("reports once, repeats at debug, again after it cleared; rethrows a reported fault", () => {
    const { logger, entries } = createMemoryLogger();
    const faults = createSecurityFaults(logger);
    const verdict = { kind: "security", setting: "KAFKA_TLS_CA_FILE", reason: "not trusted" } as const;
    for (let i = 0; i < 5; i++) faults.report(verdict, "relay");
    expect(entries.filter((e) => Number(e.level) >= 40)).toHaveLength(1);
    expect(faults.standing()).toBe("not trusted");
    faults.cleared();
    faults.report(verdict, "broker");
    expect(entries.filter((e) => Number(e.level) >= 40)).toHaveLength(2);
    const original = new Error("raw");
    expect(isReportedKafkaFault(faults.rethrow(original, verdict, "relay"))).toBe(true);
    expect(faults.rethrow(original, { kind: "not-ready", reason: "x" }, "relay")).toBe(original);
  });
});
