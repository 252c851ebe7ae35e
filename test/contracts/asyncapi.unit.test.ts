import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ASYNCAPI_FILE, buildAsyncApi } from "../../scripts/asyncapi.js";
import { READERS_BY_GROUP } from "../../src/contracts/readers/index.js";

const committed = () => JSON.parse(readFileSync(ASYNCAPI_FILE, "utf8")) as ReturnType<typeof buildAsyncApi>;
const topics = readdirSync(new URL("../../schema/events/", import.meta.url))
  .filter((f) => f.endsWith(".schema.json"))
  .map((f) => f.slice(0, -".schema.json".length));

describe("AsyncAPI document (schema/asyncapi.json)", () => {
  it("the committed AsyncAPI document is what npm run asyncapi generates from schema/events", () => {
    expect(committed()).toEqual(JSON.parse(JSON.stringify(buildAsyncApi())));
  });

  it("has one channel, one send operation and one message with an example per event JSON Schema", () => {
    const doc = committed() as unknown as {
      asyncapi: string;
      channels: Record<string, { address: string }>;
      operations: Record<string, { action: string; channel: { $ref: string } }>;
      components: { messages: Record<string, { examples: Array<{ headers: Record<string, string> }> }> };
    };
    expect(doc.asyncapi).toBe("3.0.0");
    expect(Object.keys(doc.channels).sort()).toEqual([...topics].sort());
    for (const topic of topics) expect(doc.channels[topic]!.address).toBe(topic);
    const sent = Object.values(doc.operations)
      .filter((o) => o.action === "send")
      .map((o) => o.channel.$ref.replace("#/channels/", ""));
    expect(sent.sort()).toEqual([...topics].sort());
    for (const m of Object.values(doc.components.messages)) {
      expect(m.examples[0]!.headers["message-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("documents the reader side: one receive operation per consumer group and topic it reads, with its reader contract (decision 0300)", () => {
    const doc = committed() as unknown as {
      operations: Record<
        string,
        { action: string; channel: { $ref: string }; "x-reader-contract"?: { $ref: string } }
      >;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    const received = Object.entries(doc.operations).filter(([, o]) => o.action === "receive");
    const expected = READERS_BY_GROUP.flatMap((g) => Object.keys(g.readers).map((t) => `${g.group} ${t}`));
    expect(received.map(([, o]) => o.channel.$ref.replace("#/channels/", "")).length).toBe(expected.length);
    const funnel = doc.operations["dev-stats-funnel-crm-booking.booking-created"];
    const schema = doc.components.schemas[(funnel?.["x-reader-contract"]?.$ref ?? "").split("/").pop() ?? ""];
    expect(schema?.required).toEqual(["BookingId", "PropertyObjectId", "TenantId", "CreatedAt"]);
  });

  it("marks pin.crm.booking-extended.v1 and pin.crm.deal-sale-started.v1 as additions to the spec (decision 0041)", () => {
    const doc = committed() as unknown as {
      info: { description: string };
      channels: Record<string, { description: string }>;
    };
    for (const topic of ["pin.crm.booking-extended.v1", "pin.crm.deal-sale-started.v1"]) {
      expect(doc.channels[topic]!.description).toContain("Addition to the specification (decision 0041)");
      expect(doc.info.description).toContain(topic);
    }
    expect(doc.channels["pin.crm.booking-created.v1"]!.description).not.toContain("Addition");
  });
});
