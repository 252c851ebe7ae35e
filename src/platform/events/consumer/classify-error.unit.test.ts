import { describe, expect, it } from "vitest";
import {
  ConflictError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from "../../errors/domain-error.js";
import { ConcurrencyConflictError, classifyDefault, errorCodeOf } from "./classify-error.js";
import { classifyFor, defineConsumer } from "./definition.js";

describe("default error classification", () => {
  it("the platform knows no consumer's codes: an illegal-state domain error is non-retriable whatever its suffix", () => {
    expect(classifyDefault(new IllegalStateError("CATALOG_SYNC_PROJECT_NOT_FOUND", "x"))).toBe(
      "non-retriable",
    );
  });

  it("a consumer's own nonRetriableCodes and retriableCodes decide before the defaults", () => {
    const def = defineConsumer<Record<string, unknown>>({
      group: "pin-test-codes",
      policy: { nonRetriableCodes: ["X_TENANT_MISMATCH"], retriableCodes: ["X_PARENT_MISSING"] },
      handlers: { t: async () => {} },
    });
    expect(classifyFor(def, new NotFoundError("X_TENANT_MISMATCH", "x"))).toBe("non-retriable");
    expect(classifyFor(def, new IllegalStateError("X_PARENT_MISSING", "x"))).toBe("retriable");
  });

  it("ValidationError is non-retriable whatever its code", () => {
    expect(classifyDefault(new ValidationError("ANYTHING_NOT_FOUND", "x"))).toBe("non-retriable");
  });

  it("NotFoundError category is retriable", () => {
    expect(classifyDefault(new NotFoundError("X_MISSING", "x"))).toBe("retriable");
  });

  it("ConcurrencyConflictError and conflict category are conflicts", () => {
    expect(classifyDefault(new ConcurrencyConflictError())).toBe("conflict");
    expect(classifyDefault(new ConflictError("X_RACE", "x"))).toBe("conflict");
  });

  it.each([
    ["pg deadlock", Object.assign(new Error("deadlock detected"), { code: "40P01" })],
    ["pg serialization failure", Object.assign(new Error("could not serialize access"), { code: "40001" })],
    [
      "Prisma P2010 over the pg adapter",
      Object.assign(new Error("Raw query failed. Code: `40P01`. Message: `deadlock detected`"), {
        code: "P2010",
        meta: {
          driverAdapterError: {
            name: "DriverAdapterError",
            cause: {
              originalCode: "40P01",
              originalMessage: "deadlock detected",
              kind: "TransactionWriteConflict",
            },
          },
        },
      }),
    ],
  ])("%s → conflict, code CONCURRENCY_CONFLICT (decision 0219)", (_name, error) => {
    expect(classifyDefault(error)).toBe("conflict");
    expect(errorCodeOf(error)).toBe("CONCURRENCY_CONFLICT");
  });

  it("another failed raw query (P2010, unique violation) stays an unexpected error", () => {
    const error = Object.assign(new Error("Raw query failed. Code: `23505`"), {
      code: "P2010",
      meta: {
        driverAdapterError: {
          name: "DriverAdapterError",
          cause: { originalCode: "23505", kind: "UniqueConstraintViolation" },
        },
      },
    });
    expect(classifyDefault(error)).toBe("retriable");
    expect(errorCodeOf(error)).toBe("CONSUMER_UNEXPECTED_ERROR");
  });
});

describe("default error classification: dependencies away, unexpected errors, the consumer's own policy", () => {
  it.each([
    ["node ECONNREFUSED", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })],
    ["pg admin shutdown", Object.assign(new Error("terminating connection"), { code: "57P01" })],
    ["pg connection failure", Object.assign(new Error("x"), { code: "08006" })],
    ["Prisma can't reach", Object.assign(new Error("x"), { code: "P1001" })],
    ["KafkaJS connection", Object.assign(new Error("x"), { name: "KafkaJSConnectionError" })],
    [
      "wrapped cause",
      new Error("outer", { cause: Object.assign(new Error("inner"), { code: "ETIMEDOUT" }) }),
    ],
  ])("%s → infrastructure", (_name, error) => {
    expect(classifyDefault(error)).toBe("infrastructure");
  });

  // Decision 0500: the raw pg pool is shared by the runtime's own statements, pgScope batches and
  // crm's commands; whatever a busy or broken pool throws pauses the partition (nothing acked,
  // read again), never parks the message (a parked key holds its later messages back for minutes).
  it.each<[string, Error]>([
    ["pg-pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["pg connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pg connection lost mid-query", new Error("Connection terminated unexpectedly")],
    [
      "a pg client reused after its connection failed",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    ["a pg client closed under the runtime", new Error("Client was closed and is not queryable")],
    ["pg query_timeout", new Error("Query read timeout")],
    ["a pool ended by a stopping process", new Error("Cannot use a pool after calling end on the pool")],
    [
      "pg too many connections",
      Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
    ],
    ...(["ConnectionClosed", "DatabaseNotReachable", "SocketTimeout", "TooManyConnections"] as const).map(
      (kind) =>
        [
          `Prisma P2010 over the pg adapter, ${kind}`,
          Object.assign(new Error("Raw query failed."), {
            code: "P2010",
            meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind } } },
          }),
        ] as [string, Error],
    ),
  ])("%s → infrastructure (pause, not park)", (_name, error) => {
    expect(classifyDefault(error)).toBe("infrastructure");
  });

  it.each([
    ["pg unique violation", Object.assign(new Error("duplicate key value"), { code: "23505" })],
    [
      "pg statement timeout",
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
    ],
    ["pg check violation", Object.assign(new Error("violates check constraint"), { code: "23514" })],
  ])("%s stays a message's failure (retriable, then parked)", (_name, error) => {
    expect(classifyDefault(error)).toBe("retriable");
  });

  it("a group-membership protocol error (heartbeat during a rebalance) is infrastructure, other protocol errors are not", () => {
    const rebalancing = Object.assign(new Error("The group is rebalancing"), {
      name: "KafkaJSProtocolError",
      type: "REBALANCE_IN_PROGRESS",
    });
    expect(classifyDefault(rebalancing)).toBe("infrastructure");
    const other = Object.assign(new Error("bad"), { name: "KafkaJSProtocolError", type: "INVALID_RECORD" });
    expect(classifyDefault(other)).toBe("retriable");
  });

  it("an unexpected error is retriable and reported as CONSUMER_UNEXPECTED_ERROR", () => {
    const error = new TypeError("cannot read properties of undefined");
    expect(classifyDefault(error)).toBe("retriable");
    expect(errorCodeOf(error)).toBe("CONSUMER_UNEXPECTED_ERROR");
  });

  it("a consumer's own policy wins, undefined falls back to the defaults", () => {
    const def = defineConsumer({
      group: "pin-test-x",
      handlers: { t: async () => "applied" },
      policy: {
        classifyError: (e) =>
          e instanceof IllegalStateError && e.code === "DEVSTATS_GAP" ? "skip" : undefined,
      },
    });
    expect(classifyFor(def, new IllegalStateError("DEVSTATS_GAP", "x"))).toBe("skip");
    expect(classifyFor(def, new NotFoundError("X_NOT_FOUND", "x"))).toBe("retriable");
  });
});
