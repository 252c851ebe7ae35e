import { ConcurrencyConflictError } from "../../errors/concurrency-conflict.js";
import { isDomainError } from "../../errors/domain-error.js";
const UNEXPECTED_ERROR_CODE = "CONSUMER_UNEXPECTED_ERROR";
const CONTRACT_INVALID_CODE = "EVENT_CONTRACT_INVALID";
const INFRA_NODE_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH"
]);
const INFRA_PRISMA_CODES = /* @__PURE__ */ new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
const INFRA_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const INFRA_ERROR_NAMES = /* @__PURE__ */ new Set([
  "KafkaJSConnectionError",
  "KafkaJSConnectionClosedError",
  "KafkaJSRequestTimeoutError",
  "KafkaJSNumberOfRetriesExceeded",
  "KafkaJSBrokerNotFound",
  "KafkaJSLockTimeout",
  "KafkaJSNonRetriableError",
  "PrismaClientInitializationError",
  "DriverAdapterError",
  "TimeoutError",
  "AbortError"
]);
const INFRA_KAFKA_PROTOCOL_TYPES = /* @__PURE__ */ new Set([
  "REBALANCE_IN_PROGRESS",
  "ILLEGAL_GENERATION",
  "UNKNOWN_MEMBER_ID",
  "NOT_COORDINATOR",
  "COORDINATOR_NOT_AVAILABLE",
  "COORDINATOR_LOAD_IN_PROGRESS"
]);
const INFRA_MESSAGE = /connection terminated|connection refused|timeout exceeded|Connection terminated unexpectedly|ECONNREFUSED|ECONNRESET|can't reach database|server closed the connection|Transaction already closed|Unable to start a transaction|encountered a connection error and is not queryable|Client was closed and is not queryable|Query read timeout|Cannot use a pool after calling end on the pool/i;
const INFRA_ADAPTER_KINDS = /* @__PURE__ */ new Set([
  "ConnectionClosed",
  "DatabaseNotReachable",
  "SocketTimeout",
  "TooManyConnections",
  "TransactionAlreadyClosed"
]);
const MAX_CAUSE_DEPTH = 5;
const CONFLICT_SQLSTATES = /* @__PURE__ */ new Set(["40P01", "40001"]);
function anyInChain(error, test, next, depth = 0) {
  if (!error || typeof error !== "object" || depth > MAX_CAUSE_DEPTH) return false;
  const e = error;
  return test(e) || next(e).some((inner) => anyInChain(inner, test, next, depth + 1));
}
function isTransactionConflict(error) {
  return anyInChain(
    error,
    (e) => typeof e.code === "string" && CONFLICT_SQLSTATES.has(e.code) || typeof e.originalCode === "string" && CONFLICT_SQLSTATES.has(e.originalCode) || e.kind === "TransactionWriteConflict",
    (e) => [e.meta?.driverAdapterError, e.cause]
  );
}
function isInfrastructure(error) {
  return anyInChain(
    error,
    (e) => typeof e.code === "string" && (INFRA_NODE_CODES.has(e.code) || INFRA_PRISMA_CODES.has(e.code) || INFRA_SQLSTATE.test(e.code)) || typeof e.name === "string" && INFRA_ERROR_NAMES.has(e.name) || e.name === "KafkaJSProtocolError" && typeof e.type === "string" && INFRA_KAFKA_PROTOCOL_TYPES.has(e.type) || typeof e.message === "string" && INFRA_MESSAGE.test(e.message) || INFRA_ADAPTER_KINDS.has(adapterKindOf(e)),
    (e) => [e.cause, e.originalError]
  );
}
function adapterKindOf(e) {
  const cause = e.meta?.driverAdapterError?.cause;
  return typeof cause?.kind === "string" ? cause.kind : "";
}
function classifyDefault(error) {
  if (error instanceof ConcurrencyConflictError) return "conflict";
  if (isDomainError(error)) {
    if (error.category === "validation") return "non-retriable";
    if (error.category === "not_found") return "retriable";
    if (error.category === "conflict") return "conflict";
    return "non-retriable";
  }
  if (isInfrastructure(error)) return "infrastructure";
  if (isTransactionConflict(error)) return "conflict";
  return "retriable";
}
function errorCodeOf(error) {
  if (isDomainError(error)) return error.code;
  if (isTransactionConflict(error)) return "CONCURRENCY_CONFLICT";
  return UNEXPECTED_ERROR_CODE;
}
function errorMessageOf(error) {
  if (error instanceof Error) return error.message;
  return String(error);
}
const EVENT_TYPE_MISMATCH_CODE = "EVENT_TYPE_MISMATCH";
export {
  CONTRACT_INVALID_CODE,
  ConcurrencyConflictError,
  EVENT_TYPE_MISMATCH_CODE,
  UNEXPECTED_ERROR_CODE,
  classifyDefault,
  errorCodeOf,
  errorMessageOf,
  isTransactionConflict
};
//# sourceMappingURL=classify-error.js.map
