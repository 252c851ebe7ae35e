/**
 * Writes schema/asyncapi.json, the AsyncAPI 3.0 document of every integration event, from the same
 * JSON Schemas the code validates with (schema/events/<topic>.schema.json: their x-topic, x-key,
 * x-aggregate-type and x-producer annotations) and the wire headers of src/platform/events.
 *
 *   npm run asyncapi          regenerate
 *   npm run asyncapi:check    regenerate and fail when the committed file differs (CI)
 *
 * Each message carries one example: the schema's own `examples[0]` when it has one, else a payload
 * built from the schema (formats, enums, patterns) and validated against it — a schema this
 * builder cannot satisfy fails the generation, so every published example is a valid payload.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readerJsonSchema, requiredPaths } from "../src/contracts/reader-contract.js";
import { READERS_BY_GROUP } from "../src/contracts/readers/index.js";
import { createContractRegistry } from "../src/platform/events/contracts/registry.js";
import { HEADER } from "../src/platform/events/envelope.js";
import { contractVersionOf, eventTypeOf } from "../src/platform/events/topics.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SCHEMA_DIR = `${ROOT}schema/events/`;
export const ASYNCAPI_FILE = `${ROOT}schema/asyncapi.json`;
const SUFFIX = ".schema.json";

/** Topics the specification does not list; published on purpose (decision 0041). */
const ADDED_TO_SPEC: Readonly<Record<string, string>> = {
  "pin.crm.booking-extended.v1":
    "Addition to the specification (decision 0041): the spec publishes nothing on Extend; without this event chessboard's hold-expiration safety worker would free an extended booking.",
  "pin.crm.deal-sale-started.v1":
    "Addition to the specification (decision 0041): the spec publishes nothing on StartSale; this event is what marks the property object Sold.",
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

const EXAMPLE_TIME = "2026-03-01T10:00:00.000Z";
const EXAMPLE_DECIMAL = "12500000.00";

/** Deterministic uuids: the same property name gets the same id in every example. */
function exampleUuid(name: string): string {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `0b5e1d7a-0000-4000-8000-${h.toString(16).padStart(12, "0").slice(-12)}`;
}

function exampleOf(schema: Schema, name: string): Json {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]!;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum.find((v) => v !== null) ?? schema.enum[0]!;
  }
  if (schema.default !== undefined) return schema.default;
  for (const key of ["oneOf", "anyOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const first = options.find((o) => (o as Schema).type !== "null") ?? options[0];
      return exampleOf(first as Schema, name);
    }
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = (types.find((t) => t !== "null") ?? types[0]) as string | undefined;
  switch (type) {
    case "object": {
      const out: { [key: string]: Json } = {};
      const props = (schema.properties ?? {}) as { [key: string]: Schema };
      for (const [prop, sub] of Object.entries(props)) out[prop] = exampleOf(sub, prop);
      return out;
    }
    case "array": {
      const items = schema.items as Schema | undefined;
      return items ? [exampleOf(items, name)] : [];
    }
    case "integer":
      return typeof schema.minimum === "number" ? Math.max(schema.minimum, 1) : 1;
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1.5;
    case "boolean":
      return true;
    case "null":
      return null;
    default: {
      if (schema.format === "uuid") return exampleUuid(name);
      if (schema.format === "date-time") return EXAMPLE_TIME;
      if (schema.format === "date") return EXAMPLE_TIME.slice(0, 10);
      if (typeof schema.pattern === "string" && /\\d/.test(schema.pattern)) return EXAMPLE_DECIMAL;
      if (/Id$/.test(name)) return exampleUuid(name);
      return name;
    }
  }
}

interface EventContract {
  readonly topic: string;
  readonly title: string;
  readonly description: string;
  readonly key: string;
  readonly aggregateType: string;
  readonly producer: string;
  readonly payload: Schema;
}

function loadContracts(): EventContract[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(SUFFIX))
    .sort()
    .map((file) => {
      const schema = JSON.parse(readFileSync(`${SCHEMA_DIR}${file}`, "utf8")) as Schema;
      const topic = file.slice(0, -SUFFIX.length);
      const need = (field: string): string => {
        const v = schema[field];
        if (typeof v !== "string" || v === "") throw new Error(`${file}: "${field}" is missing`);
        return v;
      };
      if (need("x-topic") !== topic) throw new Error(`${file}: x-topic ${schema["x-topic"]} ≠ file name`);
      const { $schema: _draft, $id: _id, ...payload } = schema;
      return {
        topic,
        title: need("title"),
        description: need("description"),
        key: need("x-key"),
        aggregateType: need("x-aggregate-type"),
        producer: need("x-producer"),
        payload,
      };
    });
}

const HEADER_DOC: Readonly<Record<keyof typeof HEADER, { description: string; format?: string }>> = {
  messageId: {
    description: "uuid of this message; consumers deduplicate on <group>:<event-type>:<message-id>",
    format: "uuid",
  },
  eventType: { description: "kebab-case event type, the third part of the topic (booking-created)" },
  contractVersion: { description: "payload contract version, the topic's .vN suffix, as a decimal string" },
  aggregateId: { description: "id of the aggregate; equals the Kafka key" },
  aggregateType: { description: "Booking, Deal, Developer, Project, Building, PropertyObject" },
  createdAt: {
    description:
      "ISO-8601 UTC: when the business fact happened (decision 0048); also the Kafka record timestamp",
    format: "date-time",
  },
  correlationId: { description: "id of the business flow; defaults to the message id of its first event" },
  causationId: { description: "message id of the event or request that caused this one (absent when none)" },
  traceparent: { description: "W3C trace context (absent when unknown)" },
};
const OPTIONAL_HEADERS: ReadonlySet<keyof typeof HEADER> = new Set(["causationId", "traceparent"]);

export function buildAsyncApi(): Record<string, Json> {
  const contracts = loadContracts();
  const registry = createContractRegistry(SCHEMA_DIR);
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { version: string };

  const headerProps: { [key: string]: Json } = {};
  for (const [field, name] of Object.entries(HEADER) as Array<[keyof typeof HEADER, string]>) {
    const doc = HEADER_DOC[field];
    headerProps[name] = {
      type: "string",
      description: doc.description,
      ...(doc.format ? { format: doc.format } : {}),
    };
  }
  const requiredHeaders = (Object.entries(HEADER) as Array<[keyof typeof HEADER, string]>)
    .filter(([field]) => !OPTIONAL_HEADERS.has(field))
    .map(([, name]) => name);

  const channels: { [key: string]: Json } = {};
  const operations: { [key: string]: Json } = {};
  const messages: { [key: string]: Json } = {};
  const schemas: { [key: string]: Json } = {};

  for (const c of contracts) {
    const payloadExample = exampleOf(c.payload, c.title) as { [key: string]: Json };
    const valid = registry.validatePayload(c.topic, payloadExample);
    if (!valid.ok) {
      throw new Error(
        `${c.topic}: the example built from the schema is invalid (${valid.errors.join("; ")}); add "examples" to the schema`,
      );
    }
    const key = String(payloadExample[c.key]);
    const headersExample: { [key: string]: Json } = {
      [HEADER.messageId]: exampleUuid(`${c.topic}#message`),
      [HEADER.eventType]: eventTypeOf(c.topic),
      [HEADER.contractVersion]: String(contractVersionOf(c.topic)),
      [HEADER.aggregateId]: key,
      [HEADER.aggregateType]: c.aggregateType,
      [HEADER.createdAt]: EXAMPLE_TIME,
      [HEADER.correlationId]: exampleUuid(`${c.topic}#correlation`),
    };
    const added = ADDED_TO_SPEC[c.topic];
    const description = added ? `${c.description}\n\n${added}` : c.description;

    schemas[c.title] = c.payload as Json;
    messages[c.title] = {
      name: c.title,
      title: c.title,
      summary: c.description,
      contentType: "application/json",
      traits: [{ $ref: "#/components/messageTraits/PinEventHeaders" }],
      payload: {
        schemaFormat: "application/schema+json;version=draft-07",
        schema: { $ref: `#/components/schemas/${c.title}` },
      },
      correlationId: { $ref: "#/components/correlationIds/PinCorrelation" },
      bindings: {
        kafka: {
          key: {
            type: "string",
            format: "uuid",
            description: `${c.key} of the payload (= aggregate-id header): per-key order`,
          },
          bindingVersion: "0.5.0",
        },
      },
      examples: [
        { name: `${eventTypeOf(c.topic)}-example`, headers: headersExample, payload: payloadExample },
      ],
      ...(added ? { "x-addition-to-spec": "decision 0041" } : {}),
    };
    channels[c.topic] = {
      address: c.topic,
      title: c.title,
      description,
      messages: { [c.title]: { $ref: `#/components/messages/${c.title}` } },
      bindings: { kafka: { topic: c.topic, bindingVersion: "0.5.0" } },
    };
    operations[`${c.producer}.${eventTypeOf(c.topic)}`] = {
      action: "send",
      title: `${c.producer} publishes ${c.title}`,
      summary: `Published by ${c.producer} through its transactional outbox (key ${c.key}).`,
      channel: { $ref: `#/channels/${c.topic}` },
      messages: [{ $ref: `#/channels/${c.topic}/messages/${c.title}` }],
    };
  }

  // The reader side (decision 0300): each consumer group's receive operation with its reader
  // contract — the fields it requires; everything else it tolerates (absent → null, extra ignored).
  const titleOf = new Map(contracts.map((c) => [c.topic, c.title]));
  for (const { group, readers } of READERS_BY_GROUP) {
    for (const reader of Object.values(readers)) {
      const title = titleOf.get(reader.topic);
      if (!title) throw new Error(`${group} reads ${reader.topic}, which has no producer schema`);
      const schemaName = `${title}Reader.${group}`;
      schemas[schemaName] = readerJsonSchema(reader) as Json;
      operations[`${group}.${eventTypeOf(reader.topic)}`] = {
        action: "receive",
        title: `${group} reads ${title}`,
        summary: `Requires ${requiredPaths(reader.fields).join(", ")}; other fields optional (absent → null) or ignored. Decimals: a JSON number or a string, read exactly.`,
        description: `Reader contract (${reader.source}): components/schemas/${schemaName}. The producer's schema satisfies it (contract test, decision 0304).`,
        channel: { $ref: `#/channels/${reader.topic}` },
        messages: [{ $ref: `#/channels/${reader.topic}/messages/${title}` }],
        "x-reader-contract": { $ref: `#/components/schemas/${schemaName}` },
      };
    }
  }

  return {
    asyncapi: "3.0.0",
    info: {
      title: "PIN integration events",
      version: pkg.version,
      description: [
        "Every event the PIN backend publishes. GENERATED by `npm run asyncapi` from schema/events/*.schema.json",
        "(the contracts the code validates with) — edit those, not this file; CI fails when it is stale.",
        "",
        "Wire format: Kafka key = aggregate id (per-aggregate order), value = the JSON payload (PascalCase",
        "fields of the specification), metadata in string headers (PinEventHeaders). Delivery is at-least-once:",
        "consumers deduplicate by message-id and order by the payload's Version. Within v1 producers may add",
        "fields; consumers ignore unknown ones.",
        "",
        "Both sides are documented: a `send` operation per producer with its strict schema, and a `receive`",
        "operation per consumer group with its reader contract (x-reader-contract, decision 0300): the fields",
        "it requires, all others optional; decimals accepted as JSON numbers or strings, exact.",
        "",
        "Deviation from the specification (decision 0041): pin.crm.booking-extended.v1 and",
        "pin.crm.deal-sale-started.v1 are additions — the specification publishes nothing on Extend and StartSale.",
      ].join("\n"),
    },
    defaultContentType: "application/json",
    servers: {
      local: {
        host: "127.0.0.1:19092",
        protocol: "kafka",
        description:
          "The development/test broker of scripts/infra (npm test starts it). In embedded mode (npm start without KAFKA_BROKERS) the same messages go through a local log in PostgreSQL.",
      },
    },
    channels,
    operations,
    components: {
      schemas,
      messages,
      messageTraits: {
        PinEventHeaders: {
          headers: { type: "object", required: requiredHeaders, properties: headerProps },
        },
      },
      correlationIds: {
        PinCorrelation: { description: "Business flow id", location: "$message.header#/correlation-id" },
      },
    },
  };
}

export function renderAsyncApi(): string {
  return `${JSON.stringify(buildAsyncApi(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ASYNCAPI_FILE, renderAsyncApi());
  console.log(`wrote ${ASYNCAPI_FILE.slice(ROOT.length)}`);
}
