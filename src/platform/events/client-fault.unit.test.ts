import { describe, expect, it } from "vitest";
import { isKafkaClientFault } from "./client-fault.js";

/** An error as Node builds it, with the given frames as its stack */
function thrown(name: string, message: string, frames: string[]): Error {
  const error = new (name === "TypeError" ? TypeError : Error)(message);
  error.stack = [`${name}: ${message}`, ...frames.map((f) => `    at ${f}`)].join("\n");
  return error;
}

describe("Kafka client faults (decision 0521): what a PIN process survives", () => {
  it("the TypeError @platformatic/kafka 2.12 throws from a produce callback when the metadata lacks the topic is a client fault", () => {
    const error = thrown("TypeError", "Cannot read properties of undefined (reading 'partitionsCount')", [
      "file:///srv/pin/node_modules/@platformatic/kafka/dist/clients/producer/producer.js:685:72",
      "file:///srv/pin/node_modules/@platformatic/kafka/dist/clients/base/base.js:331:21",
      "#onResponse (file:///srv/pin/node_modules/@platformatic/kafka/dist/network/connection.js:368:9)",
    ]);
    expect(isKafkaClientFault(error)).toBe(true);
  });

  it("a throw inside kafkajs' own code is one too, as are the clients' error classes", () => {
    expect(
      isKafkaClientFault(
        thrown("TypeError", "x is undefined", [
          "RequestQueue.push (/srv/pin/node_modules/kafkajs/src/network/requestQueue/index.js:1:1)",
        ]),
      ),
    ).toBe(true);
    expect(isKafkaClientFault(Object.assign(new Error("gone"), { name: "KafkaJSConnectionError" }))).toBe(
      true,
    );
    expect(isKafkaClientFault(Object.assign(new Error("net"), { code: "PLT_KFK_NETWORK" }))).toBe(true);
  });

  it("our own bugs still end the process: a TypeError thrown in our code, even if a client is further down the stack, and non-errors", () => {
    const ours = thrown("TypeError", "Cannot read properties of undefined (reading 'id')", [
      "relayShard (file:///srv/pin/src/platform/events/outbox/outbox-relay.js:120:5)",
      "file:///srv/pin/node_modules/@platformatic/kafka/dist/clients/producer/producer.js:806:13",
    ]);
    expect(isKafkaClientFault(ours)).toBe(false);
    expect(isKafkaClientFault(new Error("no stack frames"))).toBe(false);
    expect(isKafkaClientFault("a string")).toBe(false);
    expect(isKafkaClientFault(undefined)).toBe(false);
  });
});
