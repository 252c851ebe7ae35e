import { CONNECTION_NOT_YET_CODES } from "../../startup/dependency-verdicts.js";
const NOT_READY_TYPES = /* @__PURE__ */ new Set([
  "NOT_COORDINATOR",
  "COORDINATOR_NOT_AVAILABLE",
  "COORDINATOR_LOAD_IN_PROGRESS",
  "NOT_LEADER_FOR_PARTITION",
  "NOT_LEADER_OR_FOLLOWER",
  "LEADER_NOT_AVAILABLE",
  "UNKNOWN_TOPIC_OR_PARTITION",
  "NOT_CONTROLLER",
  "BROKER_NOT_AVAILABLE",
  "REPLICA_NOT_AVAILABLE",
  "NOT_ENOUGH_REPLICAS",
  "NOT_ENOUGH_REPLICAS_AFTER_APPEND",
  "REQUEST_TIMED_OUT",
  "NETWORK_EXCEPTION",
  "KAFKA_STORAGE_ERROR",
  "REBALANCE_IN_PROGRESS",
  "UNKNOWN_MEMBER_ID",
  "ILLEGAL_GENERATION",
  "FENCED_LEADER_EPOCH",
  "UNKNOWN_LEADER_EPOCH",
  "OFFSET_NOT_AVAILABLE",
  "UNSTABLE_OFFSET_COMMIT",
  "FETCH_SESSION_ID_NOT_FOUND",
  "INVALID_FETCH_SESSION_EPOCH",
  "THROTTLING_QUOTA_EXCEEDED"
]);
const NOT_READY_NAMES = /* @__PURE__ */ new Set([
  "KafkaJSConnectionError",
  // ours: the broker stopped confirming the consumer's membership (decision 0533)
  "MembershipStalledError",
  "KafkaJSConnectionClosedError",
  "KafkaJSRequestTimeoutError",
  "KafkaJSBrokerNotFound",
  "KafkaJSGroupCoordinatorNotFound",
  "KafkaJSMetadataNotLoaded",
  "KafkaJSTopicMetadataNotLoaded",
  "KafkaJSStaleTopicMetadataAssignment",
  "KafkaJSNoBrokerAvailableError",
  "KafkaJSLockTimeout",
  "KafkaJSTimeout",
  "KafkaJSFetcherRebalanceError"
]);
const CREDENTIAL_TYPES = /* @__PURE__ */ new Set([
  "SASL_AUTHENTICATION_FAILED",
  "ILLEGAL_SASL_STATE",
  "UNSUPPORTED_SASL_MECHANISM"
]);
const PERMISSION_TYPES = /* @__PURE__ */ new Set([
  "TOPIC_AUTHORIZATION_FAILED",
  "GROUP_AUTHORIZATION_FAILED",
  "CLUSTER_AUTHORIZATION_FAILED",
  "TRANSACTIONAL_ID_AUTHORIZATION_FAILED"
]);
const UNTRUSTED_CERT_CODES = /* @__PURE__ */ new Set([
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_SIGNATURE_FAILURE",
  "ERR_TLS_CERT_ALTNAME_INVALID"
]);
const UNTRUSTED_CERT_MESSAGE = /self[- ]signed certificate|unable to (verify|get) .*(certificate|issuer)|certificate has expired|does not match certificate/i;
const SASL_FAILED_MESSAGE = /SASL .*authentication failed|authentication failed.*(invalid|credentials|username)/i;
const NOT_READY_MESSAGE = /ECONNREFUSED|ECONNRESET|connection (refused|closed|timeout)|not the correct coordinator|no brokers? available/i;
const UNKNOWN_HOST_MESSAGE = /ENOTFOUND/;
const BROKERS_SETTING = "KAFKA_BROKERS";
const SASL_SETTING = "KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD";
const TLS_CA_SETTING = "KAFKA_TLS_CA_FILE";
const MAX_DEPTH = 6;
function chain(error) {
  const out = [];
  const queue = [{ e: error, depth: 0 }];
  while (queue.length > 0) {
    const { e, depth } = queue.shift();
    if (!e || typeof e !== "object" || depth > MAX_DEPTH || out.includes(e)) continue;
    const f = e;
    out.push(f);
    queue.push({ e: f.cause, depth: depth + 1 }, { e: f.originalError, depth: depth + 1 });
    if (Array.isArray(f.errors))
      for (const inner of f.errors.slice(0, 10)) queue.push({ e: inner, depth: depth + 1 });
  }
  return out;
}
const text = (v) => typeof v === "string" ? v : "";
function classifyKafkaError(error) {
  const all = chain(error);
  for (const e of all) {
    const message = text(e.message);
    if (text(e.code) === "ENOTFOUND" || UNKNOWN_HOST_MESSAGE.test(message))
      return {
        kind: "configuration",
        setting: BROKERS_SETTING,
        reason: `unknown broker host (${message || "ENOTFOUND"})`
      };
  }
  const security = securityVerdict(all);
  if (security) return security;
  const found = all.map((e) => text(e.type)).find((t) => NOT_READY_TYPES.has(t)) ?? all.map((e) => text(e.code)).find((c) => CONNECTION_NOT_YET_CODES.has(c)) ?? all.map((e) => text(e.name)).find((n) => NOT_READY_NAMES.has(n)) ?? (all.some((e) => NOT_READY_MESSAGE.test(text(e.message))) ? "connection" : void 0);
  if (found !== void 0) return { kind: "not-ready", reason: found };
  const first = all[0];
  return { kind: "unexpected", reason: text(first?.name) || text(first?.message) || String(error) };
}
function securityVerdict(all) {
  for (const e of all) {
    const message = text(e.message);
    if (e.name === "KafkaJSSASLAuthenticationError" || CREDENTIAL_TYPES.has(text(e.type)) || SASL_FAILED_MESSAGE.test(message))
      return {
        kind: "security",
        setting: SASL_SETTING,
        reason: `the broker refused our SASL credentials (${text(e.type) || message})`
      };
    if (PERMISSION_TYPES.has(text(e.type)))
      return {
        kind: "security",
        setting: SASL_SETTING,
        reason: `the broker refused our permissions (${text(e.type)}): check the user's ACLs`
      };
    const code = text(e.code);
    if (UNTRUSTED_CERT_CODES.has(code) || UNTRUSTED_CERT_MESSAGE.test(message))
      return {
        kind: "security",
        setting: TLS_CA_SETTING,
        reason: `the broker's TLS certificate is not trusted (${code || message}): check KAFKA_TLS_CA_FILE and KAFKA_TLS_SERVER_NAME`
      };
  }
  return null;
}
function isKafkaClientError(error) {
  return chain(error).some((e) => text(e.name).startsWith("KafkaJS"));
}
function isSecurityLogEntry(message, fields) {
  const error = typeof fields.error === "string" ? fields.error : "";
  return securityVerdict([{ message: `${message} ${error}`, code: fields.code }]) !== null;
}
export {
  BROKERS_SETTING,
  NOT_READY_TYPES,
  classifyKafkaError,
  isKafkaClientError,
  isSecurityLogEntry
};
//# sourceMappingURL=kafka-errors.js.map
