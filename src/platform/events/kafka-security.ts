import { readFileSync } from "node:fs";

/**
 * How the Kafka clients reach a managed Kafka (issue #41 item 3, decisions 0541–0543): TLS with a
 * CA bundle, an optional client certificate and a server name, and SASL PLAIN / SCRAM. One neutral
 * object made from the settings; each adapter maps it to its client's options
 * (kafka/kafkajs-security.ts, platformatic/platformatic-security.ts). Secrets are read from files
 * as Kubernetes mounts them (`*_FILE`), once, when the settings are loaded.
 */
export const SASL_MECHANISMS = ["none", "plain", "scram-sha-256", "scram-sha-512"] as const;
export type SaslMechanismSetting = (typeof SASL_MECHANISMS)[number];
export type SaslMechanism = Exclude<SaslMechanismSetting, "none">;

export interface KafkaTls {
  /** PEM CA bundle; null → the system's trusted CAs (a public CA, as Confluent Cloud and MSK use) */
  readonly ca: string | null;
  /** PEM client certificate and key (mutual TLS, e.g. Aiven's service certificate), both or neither */
  readonly cert: string | null;
  readonly key: string | null;
  /** The name the broker's certificate is checked against (SNI) instead of the broker's host */
  readonly serverName: string | null;
}

export interface KafkaSasl {
  readonly mechanism: SaslMechanism;
  readonly username: string;
  readonly password: string;
}

export interface KafkaSecurity {
  readonly tls: KafkaTls | null;
  readonly sasl: KafkaSasl | null;
}

export const PLAINTEXT: KafkaSecurity = { tls: null, sasl: null };

/** The Kafka security settings (src/platform/config/settings.ts, the Kafka section) */
export interface KafkaSecuritySettings {
  readonly kafkaTls: boolean;
  readonly kafkaTlsCaFile: string | null;
  readonly kafkaTlsCertFile: string | null;
  readonly kafkaTlsKeyFile: string | null;
  readonly kafkaTlsServerName: string | null;
  readonly kafkaSaslMechanism: SaslMechanismSetting;
  readonly kafkaSaslUsername: string | null;
  readonly kafkaSaslUsernameFile: string | null;
  readonly kafkaSaslPassword: string | null;
  readonly kafkaSaslPasswordFile: string | null;
}

/** What the settings say, or the one setting that is wrong and why (never a secret's value). */
export type KafkaSecurityResult =
  | { readonly ok: true; readonly security: KafkaSecurity }
  | { readonly ok: false; readonly setting: string; readonly reason: string };

/** Reads one mounted file; throws with a message naming no content. */
export type ReadSecretFile = (path: string) => string;

const MAX_SECRET_FILE_BYTES = 1024 * 1024;

export const readSecretFile: ReadSecretFile = (path) => {
  const content = readFileSync(path, "utf8");
  if (content.length > MAX_SECRET_FILE_BYTES) throw new Error(`larger than ${MAX_SECRET_FILE_BYTES} bytes`);
  return content;
};

class Invalid extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(reason);
  }
}

function fileContent(setting: string, path: string, read: ReadSecretFile): string {
  let content: string;
  try {
    content = read(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Invalid(setting, `cannot read ${path} (${typeof code === "string" ? code : "unreadable"})`);
  }
  if (content.trim() === "") throw new Invalid(setting, `${path} is empty`);
  return content;
}

/** A secret given inline or as a file (`*_FILE`), not both; a file's one trailing newline is dropped. */
function secret(
  inline: { env: string; value: string | null },
  file: { env: string; path: string | null },
  read: ReadSecretFile,
): string | null {
  if (inline.value !== null && file.path !== null)
    throw new Invalid(file.env, `set either ${inline.env} or ${file.env}, not both`);
  if (file.path !== null) return fileContent(file.env, file.path, read).replace(/\r?\n$/, "");
  return inline.value;
}

function pem(setting: string, path: string | null, marker: RegExp, read: ReadSecretFile): string | null {
  if (path === null) return null;
  const content = fileContent(setting, path, read);
  if (!marker.test(content)) throw new Invalid(setting, `${path} holds no PEM block (-----BEGIN …-----)`);
  return content;
}

function tlsOf(s: KafkaSecuritySettings, read: ReadSecretFile): KafkaTls | null {
  const given = [
    ["KAFKA_TLS_CA_FILE", s.kafkaTlsCaFile],
    ["KAFKA_TLS_CERT_FILE", s.kafkaTlsCertFile],
    ["KAFKA_TLS_KEY_FILE", s.kafkaTlsKeyFile],
    ["KAFKA_TLS_SERVER_NAME", s.kafkaTlsServerName],
  ].find(([, value]) => value !== null);
  if (!s.kafkaTls) {
    if (given) throw new Invalid(given[0] as string, "set KAFKA_TLS=true to use it");
    return null;
  }
  if ((s.kafkaTlsCertFile === null) !== (s.kafkaTlsKeyFile === null))
    throw new Invalid(
      s.kafkaTlsCertFile === null ? "KAFKA_TLS_CERT_FILE" : "KAFKA_TLS_KEY_FILE",
      "a client certificate needs both KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE",
    );
  return {
    ca: pem("KAFKA_TLS_CA_FILE", s.kafkaTlsCaFile, /-----BEGIN CERTIFICATE-----/, read),
    cert: pem("KAFKA_TLS_CERT_FILE", s.kafkaTlsCertFile, /-----BEGIN CERTIFICATE-----/, read),
    key: pem("KAFKA_TLS_KEY_FILE", s.kafkaTlsKeyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, read),
    serverName: s.kafkaTlsServerName,
  };
}

function saslOf(s: KafkaSecuritySettings, read: ReadSecretFile): KafkaSasl | null {
  const username = secret(
    { env: "KAFKA_SASL_USERNAME", value: s.kafkaSaslUsername },
    { env: "KAFKA_SASL_USERNAME_FILE", path: s.kafkaSaslUsernameFile },
    read,
  );
  const password = secret(
    { env: "KAFKA_SASL_PASSWORD", value: s.kafkaSaslPassword },
    { env: "KAFKA_SASL_PASSWORD_FILE", path: s.kafkaSaslPasswordFile },
    read,
  );
  if (s.kafkaSaslMechanism === "none") {
    if (username !== null || password !== null)
      throw new Invalid(
        "KAFKA_SASL_MECHANISM",
        "credentials are set: name the mechanism (plain, scram-sha-*)",
      );
    return null;
  }
  if (username === null)
    throw new Invalid("KAFKA_SASL_USERNAME", `required by KAFKA_SASL_MECHANISM=${s.kafkaSaslMechanism}`);
  if (password === null)
    throw new Invalid("KAFKA_SASL_PASSWORD", `required by KAFKA_SASL_MECHANISM=${s.kafkaSaslMechanism}`);
  return { mechanism: s.kafkaSaslMechanism, username, password };
}

/** The settings' Kafka security, files read (decision 0542). Pure but for `read`. */
export function resolveKafkaSecurity(
  settings: KafkaSecuritySettings,
  read: ReadSecretFile = readSecretFile,
): KafkaSecurityResult {
  try {
    const tls = tlsOf(settings, read);
    const sasl = saslOf(settings, read);
    return { ok: true, security: { tls, sasl } };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, setting: error.setting, reason: error.message };
    throw error;
  }
}

/** The security in a log line or a /readyz answer: which parts are on, never a secret. */
export function describeKafkaSecurity(security: KafkaSecurity): Record<string, unknown> {
  return {
    tls: security.tls === null ? "off" : security.tls.cert ? "mutual" : "on",
    ...(security.tls?.serverName ? { tlsServerName: security.tls.serverName } : {}),
    sasl: security.sasl?.mechanism ?? "off",
  };
}
