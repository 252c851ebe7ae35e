import { ConcurrencyConflictError } from "../../errors/concurrency-conflict.js";
import { isDomainError } from "../../errors/domain-error.js";

/**
 * - conflict: optimistic-lock race or a transaction conflict PostgreSQL aborted (deadlock, serialization
 *   failure) → up to 3 immediate retries (fresh savepoint, fresh read), then parked as retriable
 *   (decision 0219)
 * - retriable: the message is parked (its key waits behind it) and retried 30s→1m→…→16m, then DLQ
 * - non-retriable: DLQ at once
 * - skip: ack with a warning and `pin_consumer_skipped_total` (policy of consumers that tolerate gaps)
 * - infrastructure: dependency down → the partition pauses with 1s→60s backoff, nothing is acked
 */
export type ErrorClass = "conflict" | "retriable" | "non-retriable" | "skip" | "infrastructure";

/** Lives in platform/errors (issue #22 item 3); re-exported for the runtime's callers. */
export { ConcurrencyConflictError };

export const UNEXPECTED_ERROR_CODE = "CONSUMER_UNEXPECTED_ERROR";
export const CONTRACT_INVALID_CODE = "EVENT_CONTRACT_INVALID";

/** Node/pg/Prisma/KafkaJS signals that a dependency, not the message, is at fault. */
const INFRA_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
// Prisma: P1001 can't reach, P1002 timeout, P1008 operation timeout, P1017 connection closed,
// P2024 pool timeout, P2028 transaction API error (expired interactive transaction).
const INFRA_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
// PostgreSQL SQLSTATE class 08 (connection), 57P01..03 (admin shutdown / cannot connect now), 53300 too many connections.
const INFRA_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const INFRA_ERROR_NAMES = new Set([
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
  "AbortError",
]);
// Group-membership errors (e.g. a handler's heartbeat() during a rebalance): the partition is
// moving to another member, who re-reads the message; parking it here would be wrong.
const INFRA_KAFKA_PROTOCOL_TYPES = new Set([
  "REBALANCE_IN_PROGRESS",
  "ILLEGAL_GENERATION",
  "UNKNOWN_MEMBER_ID",
  "NOT_COORDINATOR",
  "COORDINATOR_NOT_AVAILABLE",
  "COORDINATOR_LOAD_IN_PROGRESS",
]);
// node-postgres and pg-pool: a client whose connection broke or was closed while the runtime held
// it, a read timeout, the pool's own connect timeout, a pool ended under a stopping process — the
// connection is at fault, never the message (decision 0500: the raw pool is shared with crm's
// commands and the runtime's own statements; a busy or broken pool must pause, not park).
const INFRA_MESSAGE =
  /connection terminated|connection refused|timeout exceeded|Connection terminated unexpectedly|ECONNREFUSED|ECONNRESET|can't reach database|server closed the connection|Transaction already closed|Unable to start a transaction|encountered a connection error and is not queryable|Client was closed and is not queryable|Query read timeout|Cannot use a pool after calling end on the pool/i;
// What Prisma's pg driver adapter reports for a lost or unreachable connection (`kind` of the
// DriverAdapterError it puts in `meta.driverAdapterError.cause` of a failed raw query, P2010).
const INFRA_ADAPTER_KINDS = new Set([
  "ConnectionClosed",
  "DatabaseNotReachable",
  "SocketTimeout",
  "TooManyConnections",
  "TransactionAlreadyClosed",
]);

const MAX_CAUSE_DEPTH = 5;
/** SQLSTATE 40P01 deadlock_detected, 40001 serialization_failure: PostgreSQL aborted a statement of a race. */
const CONFLICT_SQLSTATES = new Set(["40P01", "40001"]);

/** The fields of an error (or of what it wraps) that the classifiers read. */
interface ErrorFields {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  type?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  cause?: unknown;
  originalError?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** True when `test` holds for the error or for anything `next` says it wraps, down to MAX_CAUSE_DEPTH. */
function anyInChain(
  error: unknown,
  test: (e: ErrorFields) => boolean,
  next: (e: ErrorFields) => readonly unknown[],
  depth = 0,
): boolean {
  if (!error || typeof error !== "object" || depth > MAX_CAUSE_DEPTH) return false;
  const e = error as ErrorFields;
  return test(e) || next(e).some((inner) => anyInChain(inner, test, next, depth + 1));
}

/**
 * A transaction conflict PostgreSQL resolved by aborting our statement. Prisma (pg driver adapter)
 * reports it as P2010 with `meta.driverAdapterError.cause` { kind: "TransactionWriteConflict",
 * originalCode: "40P01" }; pg itself as `code: "40P01"`.
 */
export function isTransactionConflict(error: unknown): boolean {
  return anyInChain(
    error,
    (e) =>
      (typeof e.code === "string" && CONFLICT_SQLSTATES.has(e.code)) ||
      (typeof e.originalCode === "string" && CONFLICT_SQLSTATES.has(e.originalCode)) ||
      e.kind === "TransactionWriteConflict",
    (e) => [e.meta?.driverAdapterError, e.cause],
  );
}

function isInfrastructure(error: unknown): boolean {
  return anyInChain(
    error,
    (e) =>
      (typeof e.code === "string" &&
        (INFRA_NODE_CODES.has(e.code) || INFRA_PRISMA_CODES.has(e.code) || INFRA_SQLSTATE.test(e.code))) ||
      (typeof e.name === "string" && INFRA_ERROR_NAMES.has(e.name)) ||
      (e.name === "KafkaJSProtocolError" &&
        typeof e.type === "string" &&
        INFRA_KAFKA_PROTOCOL_TYPES.has(e.type)) ||
      (typeof e.message === "string" && INFRA_MESSAGE.test(e.message)) ||
      INFRA_ADAPTER_KINDS.has(adapterKindOf(e)),
    (e) => [e.cause, e.originalError],
  );
}

function adapterKindOf(e: ErrorFields): string {
  const cause = (e.meta?.driverAdapterError as { cause?: { kind?: unknown } } | undefined)?.cause;
  return typeof cause?.kind === "string" ? cause.kind : "";
}

/**
 * The platform's default policy (no consumer's codes: each consumer lists its own
 * `nonRetriableCodes`, checked before this). Unexpected errors are retriable with
 * the 6-retry policy, then DLQ with code CONSUMER_UNEXPECTED_ERROR (decision 0024): a bug should
 * neither block a partition forever nor lose the message.
 */
export function classifyDefault(error: unknown): ErrorClass {
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

/** The code written to x-dlq-error-code and the dead-letter table. */
export function errorCodeOf(error: unknown): string {
  if (isDomainError(error)) return error.code;
  if (isTransactionConflict(error)) return "CONCURRENCY_CONFLICT";
  return UNEXPECTED_ERROR_CODE;
}

export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** `EVENT_TYPE_MISMATCH`: the event-type header is missing, unknown or names another topic's event. */
export const EVENT_TYPE_MISMATCH_CODE = "EVENT_TYPE_MISMATCH";
