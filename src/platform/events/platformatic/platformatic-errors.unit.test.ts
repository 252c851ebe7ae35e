import { describe, expect, it } from "vitest";
import { classifyPlatformaticError, isPlatformaticClientError } from "./platformatic-errors.js";

/** The shapes @platformatic/kafka throws (errors.js): a code, a protocol error's apiId, nested errors. */
const protocol = (apiId: string) => Object.assign(new Error(apiId), { code: "PLT_KFK_PROTOCOL", apiId });
const multiple = (...errors: Error[]) =>
  Object.assign(new AggregateError(errors, "failed"), { code: "PLT_KFK_MULTIPLE" });

describe("classifyPlatformaticError", () => {
  it("a settling group coordinator or leader, wrapped in retries, is not-ready", () => {
    expect(classifyPlatformaticError(multiple(protocol("NOT_COORDINATOR")))).toEqual({
      kind: "not-ready",
      reason: "NOT_COORDINATOR",
    });
    expect(classifyPlatformaticError(protocol("REBALANCE_IN_PROGRESS")).kind).toBe("not-ready");
  });

  it("a refused connection (network error with the socket's cause) is not-ready", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    const network = Object.assign(new Error("Connection failed"), {
      code: "PLT_KFK_NETWORK",
      cause: refused,
    });
    expect(classifyPlatformaticError(multiple(network)).kind).toBe("not-ready");
  });

  it("an unknown broker host is a configuration error naming KAFKA_BROKERS; refused credentials or an untrusted certificate a security fault", () => {
    const unknown = Object.assign(new Error("getaddrinfo ENOTFOUND nohost"), { code: "ENOTFOUND" });
    expect(
      classifyPlatformaticError(Object.assign(new Error("x"), { code: "PLT_KFK_NETWORK", cause: unknown })),
    ).toMatchObject({
      kind: "configuration",
      setting: "KAFKA_BROKERS",
    });
    expect(
      classifyPlatformaticError(Object.assign(new Error("auth"), { code: "PLT_KFK_AUTHENTICATION" })).kind,
    ).toBe("security");
    // as @platformatic/kafka 2.12 fails a TLS handshake with an unknown CA (issue #41)
    const handshake = Object.assign(new Error("self-signed certificate in certificate chain"), {
      code: "SELF_SIGNED_CERT_IN_CHAIN",
    });
    const network = Object.assign(new Error("Connection failed"), {
      code: "PLT_KFK_NETWORK",
      cause: handshake,
    });
    expect(classifyPlatformaticError(multiple(network))).toMatchObject({
      kind: "security",
      setting: "KAFKA_TLS_CA_FILE",
    });
  });

  it("anything else is unexpected; only the library's own errors count as client errors", () => {
    expect(classifyPlatformaticError(new TypeError("boom")).kind).toBe("unexpected");
    expect(isPlatformaticClientError(multiple(protocol("NOT_COORDINATOR")))).toBe(true);
    expect(isPlatformaticClientError(new Error("x", { cause: protocol("X") }))).toBe(true);
    expect(isPlatformaticClientError(new TypeError("boom"))).toBe(false);
  });
});
