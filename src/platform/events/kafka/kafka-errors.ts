import { CONNECTION_NOT_YET_CODES } from "../../startup/dependency-verdicts.js";

/**
 * What a kafkajs error means for a process that is starting or running (issue #21, decision 0320):
 *  - not-ready: the broker, its group coordinator, a partition leader or an auto-created topic is
 *    not there yet (or the connection was refused/closed/timed out) → retry with backoff, for as
 *    long as it takes;
 *  - configuration: the settings can never work (an unknown broker host) → fatal at start, with a
 *    one-line message naming the setting;
 *  - security: the broker refused our credentials or permissions, or its certificate is not one we
 *    trust (issue #41, decision 0545) → retried with a bounded backoff, readiness false, reported
 *    once as one error line (kafka-security-faults.ts): a secret or an ACL fixed meanwhile (a
 *    managed Kafka's new API key takes a while to reach every broker) needs no restart loop;
 *  - unexpected: anything else → retried as well (a fresh client), logged as an error.
 * Pure: reads the error, its `cause` chain and kafkajs' `originalError`/`errors` fields.
 */
export type KafkaErrorVerdict =
  | { readonly kind: "not-ready"; readonly reason: string }
  | { readonly kind: "configuration"; readonly setting: string; readonly reason: string }
  | { readonly kind: "security"; readonly setting: string; readonly reason: string }
  | { readonly kind: "unexpected"; readonly reason: string };

/** Protocol error types a settling, restarting or rebalancing broker answers. */
export const NOT_READY_TYPES: ReadonlySet<string> = new Set([
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
  "THROTTLING_QUOTA_EXCEEDED",
]);

const NOT_READY_NAMES: ReadonlySet<string> = new Set([
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
  "KafkaJSFetcherRebalanceError",
]);

const CREDENTIAL_TYPES: ReadonlySet<string> = new Set([
  "SASL_AUTHENTICATION_FAILED",
  "ILLEGAL_SASL_STATE",
  "UNSUPPORTED_SASL_MECHANISM",
]);

const PERMISSION_TYPES: ReadonlySet<string> = new Set([
  "TOPIC_AUTHORIZATION_FAILED",
  "GROUP_AUTHORIZATION_FAILED",
  "CLUSTER_AUTHORIZATION_FAILED",
  "TRANSACTIONAL_ID_AUTHORIZATION_FAILED",
]);

/** node:tls verification codes: the broker's certificate is not one the settings trust */
const UNTRUSTED_CERT_CODES: ReadonlySet<string> = new Set([
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_SIGNATURE_FAILURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);
const UNTRUSTED_CERT_MESSAGE =
  /self[- ]signed certificate|unable to (verify|get) .*(certificate|issuer)|certificate has expired|does not match certificate/i;
const SASL_FAILED_MESSAGE =
  /SASL .*authentication failed|authentication failed.*(invalid|credentials|username)/i;

const NOT_READY_MESSAGE =
  /ECONNREFUSED|ECONNRESET|connection (refused|closed|timeout)|not the correct coordinator|no brokers? available/i;
const UNKNOWN_HOST_MESSAGE = /ENOTFOUND/;

/** The setting every broker-reaching error is about (src/platform/config/settings.ts). */
export const BROKERS_SETTING = "KAFKA_BROKERS";
const SASL_SETTING = "KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD";
const TLS_CA_SETTING = "KAFKA_TLS_CA_FILE";
const MAX_DEPTH = 6;

interface Fields {
  name?: unknown;
  type?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  originalError?: unknown;
  errors?: unknown;
}

/** The error and everything it wraps, breadth first, bounded. */
function chain(error: unknown): Fields[] {
  const out: Fields[] = [];
  const queue: Array<{ e: unknown; depth: number }> = [{ e: error, depth: 0 }];
  while (queue.length > 0) {
    const { e, depth } = queue.shift()!;
    if (!e || typeof e !== "object" || depth > MAX_DEPTH || out.includes(e as Fields)) continue;
    const f = e as Fields;
    out.push(f);
    queue.push({ e: f.cause, depth: depth + 1 }, { e: f.originalError, depth: depth + 1 });
    if (Array.isArray(f.errors))
      for (const inner of f.errors.slice(0, 10)) queue.push({ e: inner, depth: depth + 1 });
  }
  return out;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

export function classifyKafkaError(error: unknown): KafkaErrorVerdict {
  const all = chain(error);
  for (const e of all) {
    const message = text(e.message);
    if (text(e.code) === "ENOTFOUND" || UNKNOWN_HOST_MESSAGE.test(message))
      return {
        kind: "configuration",
        setting: BROKERS_SETTING,
        reason: `unknown broker host (${message || "ENOTFOUND"})`,
      };
  }
  const security = securityVerdict(all);
  if (security) return security;
  // The most telling field first, over the whole chain: a wrapper's text repeats its cause's.
  const found =
    all.map((e) => text(e.type)).find((t) => NOT_READY_TYPES.has(t)) ??
    all.map((e) => text(e.code)).find((c) => CONNECTION_NOT_YET_CODES.has(c)) ??
    all.map((e) => text(e.name)).find((n) => NOT_READY_NAMES.has(n)) ??
    (all.some((e) => NOT_READY_MESSAGE.test(text(e.message))) ? "connection" : undefined);
  if (found !== undefined) return { kind: "not-ready", reason: found };
  const first = all[0];
  return { kind: "unexpected", reason: text(first?.name) || text(first?.message) || String(error) };
}

/** Refused credentials, refused permissions, an untrusted broker certificate; null for anything else. */
function securityVerdict(all: readonly Fields[]): KafkaErrorVerdict | null {
  for (const e of all) {
    const message = text(e.message);
    if (
      e.name === "KafkaJSSASLAuthenticationError" ||
      CREDENTIAL_TYPES.has(text(e.type)) ||
      SASL_FAILED_MESSAGE.test(message)
    )
      return {
        kind: "security",
        setting: SASL_SETTING,
        reason: `the broker refused our SASL credentials (${text(e.type) || message})`,
      };
    if (PERMISSION_TYPES.has(text(e.type)))
      return {
        kind: "security",
        setting: SASL_SETTING,
        reason: `the broker refused our permissions (${text(e.type)}): check the user's ACLs`,
      };
    const code = text(e.code);
    if (UNTRUSTED_CERT_CODES.has(code) || UNTRUSTED_CERT_MESSAGE.test(message))
      return {
        kind: "security",
        setting: TLS_CA_SETTING,
        reason: `the broker's TLS certificate is not trusted (${code || message}): check KAFKA_TLS_CA_FILE and KAFKA_TLS_SERVER_NAME`,
      };
  }
  return null;
}

/** True for an error raised by the Kafka client (its own or wrapping one of its own). */
export function isKafkaClientError(error: unknown): boolean {
  return chain(error).some((e) => text(e.name).startsWith("KafkaJS"));
}

/** A kafkajs log entry (its logCreator's message and fields) about a security fault */
export function isSecurityLogEntry(message: string, fields: Record<string, unknown>): boolean {
  const error = typeof fields.error === "string" ? fields.error : "";
  return securityVerdict([{ message: `${message} ${error}`, code: fields.code }]) !== null;
}
