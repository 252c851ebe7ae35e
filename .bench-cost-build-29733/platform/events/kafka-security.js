import { readFileSync } from "node:fs";
const SASL_MECHANISMS = ["none", "plain", "scram-sha-256", "scram-sha-512"];
const PLAINTEXT = { tls: null, sasl: null };
const MAX_SECRET_FILE_BYTES = 1024 * 1024;
const readSecretFile = (path) => {
  const content = readFileSync(path, "utf8");
  if (content.length > MAX_SECRET_FILE_BYTES) throw new Error(`larger than ${MAX_SECRET_FILE_BYTES} bytes`);
  return content;
};
class Invalid extends Error {
  constructor(setting, reason) {
    super(reason);
    this.setting = setting;
  }
  setting;
}
function fileContent(setting, path, read) {
  let content;
  try {
    content = read(path);
  } catch (error) {
    const code = error.code;
    throw new Invalid(setting, `cannot read ${path} (${typeof code === "string" ? code : "unreadable"})`);
  }
  if (content.trim() === "") throw new Invalid(setting, `${path} is empty`);
  return content;
}
function secret(inline, file, read) {
  if (inline.value !== null && file.path !== null)
    throw new Invalid(file.env, `set either ${inline.env} or ${file.env}, not both`);
  if (file.path !== null) return fileContent(file.env, file.path, read).replace(/\r?\n$/, "");
  return inline.value;
}
function pem(setting, path, marker, read) {
  if (path === null) return null;
  const content = fileContent(setting, path, read);
  if (!marker.test(content)) throw new Invalid(setting, `${path} holds no PEM block (-----BEGIN \u2026-----)`);
  return content;
}
function tlsOf(s, read) {
  const given = [
    ["KAFKA_TLS_CA_FILE", s.kafkaTlsCaFile],
    ["KAFKA_TLS_CERT_FILE", s.kafkaTlsCertFile],
    ["KAFKA_TLS_KEY_FILE", s.kafkaTlsKeyFile],
    ["KAFKA_TLS_SERVER_NAME", s.kafkaTlsServerName]
  ].find(([, value]) => value !== null);
  if (!s.kafkaTls) {
    if (given) throw new Invalid(given[0], "set KAFKA_TLS=true to use it");
    return null;
  }
  if (s.kafkaTlsCertFile === null !== (s.kafkaTlsKeyFile === null))
    throw new Invalid(
      s.kafkaTlsCertFile === null ? "KAFKA_TLS_CERT_FILE" : "KAFKA_TLS_KEY_FILE",
      "a client certificate needs both KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE"
    );
  return {
    ca: pem("KAFKA_TLS_CA_FILE", s.kafkaTlsCaFile, /-----BEGIN CERTIFICATE-----/, read),
    cert: pem("KAFKA_TLS_CERT_FILE", s.kafkaTlsCertFile, /-----BEGIN CERTIFICATE-----/, read),
    key: pem("KAFKA_TLS_KEY_FILE", s.kafkaTlsKeyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, read),
    serverName: s.kafkaTlsServerName
  };
}
function saslOf(s, read) {
  const username = secret(
    { env: "KAFKA_SASL_USERNAME", value: s.kafkaSaslUsername },
    { env: "KAFKA_SASL_USERNAME_FILE", path: s.kafkaSaslUsernameFile },
    read
  );
  const password = secret(
    { env: "KAFKA_SASL_PASSWORD", value: s.kafkaSaslPassword },
    { env: "KAFKA_SASL_PASSWORD_FILE", path: s.kafkaSaslPasswordFile },
    read
  );
  if (s.kafkaSaslMechanism === "none") {
    if (username !== null || password !== null)
      throw new Invalid(
        "KAFKA_SASL_MECHANISM",
        "credentials are set: name the mechanism (plain, scram-sha-*)"
      );
    return null;
  }
  if (username === null)
    throw new Invalid("KAFKA_SASL_USERNAME", `required by KAFKA_SASL_MECHANISM=${s.kafkaSaslMechanism}`);
  if (password === null)
    throw new Invalid("KAFKA_SASL_PASSWORD", `required by KAFKA_SASL_MECHANISM=${s.kafkaSaslMechanism}`);
  return { mechanism: s.kafkaSaslMechanism, username, password };
}
function resolveKafkaSecurity(settings, read = readSecretFile) {
  try {
    const tls = tlsOf(settings, read);
    const sasl = saslOf(settings, read);
    return { ok: true, security: { tls, sasl } };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, setting: error.setting, reason: error.message };
    throw error;
  }
}
function describeKafkaSecurity(security) {
  return {
    tls: security.tls === null ? "off" : security.tls.cert ? "mutual" : "on",
    ...security.tls?.serverName ? { tlsServerName: security.tls.serverName } : {},
    sasl: security.sasl?.mechanism ?? "off"
  };
}
export {
  PLAINTEXT,
  SASL_MECHANISMS,
  describeKafkaSecurity,
  readSecretFile,
  resolveKafkaSecurity
};
//# sourceMappingURL=kafka-security.js.map
