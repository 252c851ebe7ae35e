import { describe, expect, it } from "vitest";
import { createContractRegistry } from "./registry.js";

describe("contract registry", () => {
  it("loads every schema file of schema/events keyed by topic name", () => {
    const registry = createContractRegistry();
    expect(registry.topics()).toContain("pin.crm.booking-created.v1");
  });

  it("validates a registered schema and explains failures", () => {
    const registry = createContractRegistry(null);
    registry.register("pin.test.thing.v1", {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://pin/x.json",
      type: "object",
      required: ["Id"],
      properties: { Id: { type: "string", format: "uuid" } },
    });
    expect(
      registry.validatePayload("pin.test.thing.v1", { Id: "6f1c1f0e-0000-4000-8000-000000000001" }),
    ).toEqual({
      ok: true,
    });
    const bad = registry.validatePayload("pin.test.thing.v1", { Id: "nope" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join()).toContain("/Id");
  });

  it("an unknown topic is invalid", () => {
    expect(createContractRegistry(null).validatePayload("pin.nope.v1", {}).ok).toBe(false);
  });
});
