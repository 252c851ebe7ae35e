import {
  KafkaJSConnectionError,
  KafkaJSNonRetriableError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSProtocolError,
  KafkaJSSASLAuthenticationError,
} from "kafkajs";
import { describe, expect, it } from "vitest";
import { classifyKafkaError, isKafkaClientError, isSecurityLogEntry } from "./kafka-errors.js";

/** A protocol error as kafkajs builds it from a broker's error code (src/protocol/error.js). */
function protocol(type: string, message: string): KafkaJSProtocolError {
  return new KafkaJSProtocolError(Object.assign(new Error(message), { type, code: 0, retriable: true }));
}

/** What kafkajs' retrier throws once its retries ran out, and what a consumer's run() then wraps it in. */
function exhausted(inner: Error): KafkaJSNonRetriableError {
  const retries = new KafkaJSNumberOfRetriesExceeded(inner, { retryCount: 5, retryTime: 3_000 });
  return Object.assign(new KafkaJSNonRetriableError(retries), { cause: retries });
}

const refused = () =>
  new KafkaJSConnectionError("Connection error: connect ECONNREFUSED 127.0.0.1:9092", {
    broker: "127.0.0.1:9092",
    code: "ECONNREFUSED",
  });

describe("classifyKafkaError (issue #21): a broker that is not ready yet is waited for", () => {
  it.each([
    ["NOT_COORDINATOR", "This is not the correct coordinator for this group"],
    ["COORDINATOR_NOT_AVAILABLE", "The coordinator is not available"],
    ["COORDINATOR_LOAD_IN_PROGRESS", "The coordinator is loading and hence can't process requests"],
    ["NOT_LEADER_FOR_PARTITION", "This server is not the leader for that topic-partition"],
    ["LEADER_NOT_AVAILABLE", "There is no leader for this topic-partition"],
    ["UNKNOWN_TOPIC_OR_PARTITION", "This server does not host this topic-partition"],
    ["REBALANCE_IN_PROGRESS", "The group is rebalancing"],
  ])("%s is not-ready, bare and wrapped by the retrier and run()", (type, message) => {
    expect(classifyKafkaError(protocol(type, message))).toEqual({ kind: "not-ready", reason: type });
    expect(classifyKafkaError(exhausted(protocol(type, message)))).toEqual({
      kind: "not-ready",
      reason: type,
    });
  });

  it("a refused connection is not-ready, also as the KafkaJSNonRetriableError start-up used to die of", () => {
    expect(classifyKafkaError(refused())).toEqual({ kind: "not-ready", reason: "ECONNREFUSED" });
    expect(classifyKafkaError(exhausted(refused()))).toMatchObject({ kind: "not-ready" });
    // kafkajs' brokerPool reports only the text at times
    expect(
      classifyKafkaError(new KafkaJSNonRetriableError("Connection error: connect ECONNREFUSED")),
    ).toMatchObject({
      kind: "not-ready",
    });
    expect(classifyKafkaError(new KafkaJSConnectionError("Connection timeout"))).toMatchObject({
      kind: "not-ready",
    });
  });
});

describe("classifyKafkaError: settings that can never work are configuration errors naming KAFKA_BROKERS", () => {
  it("an unknown broker host", () => {
    const unknown = new KafkaJSConnectionError("Connection error: getaddrinfo ENOTFOUND kafka.invalid", {
      broker: "kafka.invalid:9092",
      code: "ENOTFOUND",
    });
    for (const e of [unknown, exhausted(unknown)]) {
      const verdict = classifyKafkaError(e);
      expect(verdict.kind).toBe("configuration");
      expect(verdict).toMatchObject({ setting: "KAFKA_BROKERS" });
      expect(verdict.reason).toContain("unknown broker host");
    }
  });
});

describe("classifyKafkaError: refused credentials or permissions and an untrusted certificate are security faults (issue #41)", () => {
  it("refused credentials and authorisation", () => {
    // Its typings say no argument; at run time it takes the message.
    const Sasl = KafkaJSSASLAuthenticationError as unknown as new (message: string) => Error;
    expect(classifyKafkaError(new Sasl("SASL PLAIN authentication failed"))).toMatchObject({
      kind: "security",
      setting: "KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD",
    });
    expect(classifyKafkaError(protocol("GROUP_AUTHORIZATION_FAILED", "Not authorized"))).toMatchObject({
      kind: "security",
    });
  });

  it("a TLS handshake with a certificate no trusted CA signed, as kafkajs wraps it", () => {
    const handshake = new KafkaJSConnectionError(
      "Connection error: self-signed certificate in certificate chain",
      {
        broker: "127.0.0.1:9093",
        code: "SELF_SIGNED_CERT_IN_CHAIN",
      },
    );
    for (const e of [handshake, exhausted(handshake)])
      expect(classifyKafkaError(e)).toMatchObject({ kind: "security", setting: "KAFKA_TLS_CA_FILE" });
  });

  it("kafkajs' own log lines about them are recognised (kept at debug level)", () => {
    expect(isSecurityLogEntry("Connection error: self-signed certificate in certificate chain", {})).toBe(
      true,
    );
    expect(
      isSecurityLogEntry("Failed to connect to seed broker", {
        error: "SASL SCRAM SHA512 authentication failed: x",
      }),
    ).toBe(true);
    expect(isSecurityLogEntry("Connection error: connect ECONNREFUSED 127.0.0.1:9092", {})).toBe(false);
  });
});

describe("classifyKafkaError: anything else is unexpected (still retried by the caller, logged as an error)", () => {
  it.each([
    ["a protocol error of another kind", protocol("CORRUPT_MESSAGE", "corrupt")],
    ["a plain error", new Error("boom")],
    ["not even an error", "boom"],
  ])("%s", (_, e) => {
    expect(classifyKafkaError(e).kind).toBe("unexpected");
  });

  it("a cyclic cause chain ends", () => {
    const a: { name: string; cause?: unknown } = { name: "A" };
    a.cause = { name: "B", cause: a };
    expect(classifyKafkaError(a).kind).toBe("unexpected");
  });
});

describe("isKafkaClientError", () => {
  it("is true for the client's errors and what wraps them, false for others", () => {
    expect(isKafkaClientError(refused())).toBe(true);
    expect(isKafkaClientError(new Error("outer", { cause: refused() }))).toBe(true);
    expect(isKafkaClientError(new Error("boom"))).toBe(false);
    expect(isKafkaClientError(undefined)).toBe(false);
  });
});
