import { describe, expect, it } from "vitest";
import { loadSettings } from "../../config/settings.js";
import { kafkaNames } from "./kafka-names.js";

describe("kafkaNames (decision 0410)", () => {
  it("without a namespace the broker's names are the specification's", () => {
    const names = kafkaNames(null);
    expect(names.topic("pin.crm.booking-created.v1")).toBe("pin.crm.booking-created.v1");
    expect(names.group("pin-catalog-chessboard-sync")).toBe("pin-catalog-chessboard-sync");
    expect(kafkaNames("").topic("pin.crm.booking-paid.v1")).toBe("pin.crm.booking-paid.v1");
  });

  it("a namespace suffixes topics and groups, and the topic maps back", () => {
    const names = kafkaNames("t1a2b-9f");
    const wire = names.topic("pin.crm.booking-created.v1");
    expect(wire).toBe("pin.crm.booking-created.v1.t1a2b-9f");
    expect(names.specTopic(wire)).toBe("pin.crm.booking-created.v1");
    expect(names.group("pin-notifications-booking")).toBe("pin-notifications-booking.t1a2b-9f");
    // a name outside the namespace is left as it is (never cut short)
    expect(names.specTopic("pin.crm.booking-created.v1")).toBe("pin.crm.booking-created.v1");
  });

  it("PIN_KAFKA_NAMESPACE is bounded and legal in topic names; empty is the specification's names", () => {
    expect(loadSettings({ PIN_KAFKA_NAMESPACE: "t1a2b-9f" }).kafkaNamespace).toBe("t1a2b-9f");
    expect(loadSettings({ PIN_KAFKA_NAMESPACE: "staging_2" }).kafkaNamespace).toBe("staging_2");
    expect(loadSettings({}).kafkaNamespace).toBeNull();
    for (const bad of ["-x", "A", "a.b", "a/b", "x".repeat(41)])
      expect(() => loadSettings({ PIN_KAFKA_NAMESPACE: bad })).toThrow(/PIN_KAFKA_NAMESPACE/);
  });
});
