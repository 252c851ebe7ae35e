/**
 * Consumer-driven contract check (decision 0304, as Pact does it for HTTP): does a producer's JSON
 * Schema (schema/events) satisfy a reader contract? Every field the reader requires must be
 * required by the producer and non-null there; every field the reader declares that the producer
 * describes must have a compatible type (a uuid a uuid, a decimal a decimal string or a number,
 * an integer an integer, a closed enum's values within the reader's); objects recurse. A field
 * the reader makes optional may be absent from the producer. The answer lists the breaks.
 */
import type { Field, Fields, ReaderContract } from "../../../contracts/reader-contract.js";

type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
};

const typesOf = (s: Schema): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];

function fieldBreaks(path: string, f: Field, s: Schema, required: boolean): string[] {
  const types = typesOf(s).filter((t) => t !== "null");
  const out: string[] = [];
  if (required && typesOf(s).includes("null"))
    out.push(`${path}: the reader requires it, the producer allows null`);
  const want = (ok: boolean, what: string) => {
    if (!ok)
      out.push(
        `${path}: the reader reads ${what}, the producer sends ${JSON.stringify(s.type)}${s.format ? ` (${s.format})` : ""}`,
      );
  };
  switch (f.kind) {
    case "uuid":
      want(types.length === 1 && types[0] === "string" && s.format === "uuid", "a uuid");
      break;
    case "string":
    case "enum":
      want(types.length === 1 && types[0] === "string", "a string");
      break;
    case "date-time":
      want(types.length === 1 && types[0] === "string" && s.format === "date-time", "a date-time");
      break;
    case "integer":
      want(types.length === 1 && types[0] === "integer", "an integer");
      break;
    case "boolean":
      want(types.length === 1 && types[0] === "boolean", "a boolean");
      break;
    case "decimal":
      want(
        types.length > 0 &&
          types.every(
            (t) => t === "number" || t === "integer" || (t === "string" && s.pattern !== undefined),
          ),
        "a decimal (a number or a decimal string)",
      );
      break;
    case "one-of": {
      const values = s.enum?.filter((v) => v !== null);
      want(
        types[0] === "string" && values !== undefined && values.every((v) => f.values.includes(v as string)),
        `one of ${f.values.join("/")}`,
      );
      break;
    }
    case "object":
      want(types.length === 1 && types[0] === "object", "an object");
      if (out.length === 0) out.push(...objectBreaks(path, f.fields, s));
      break;
    case "array":
      want(types.length === 1 && types[0] === "array", "an array");
      if (out.length === 0 && s.items) out.push(...fieldBreaks(`${path}[]`, f.items, s.items, true));
      break;
    default: {
      const never: never = f;
      return never;
    }
  }
  return out;
}

function objectBreaks(prefix: string, fields: Fields, s: Schema): string[] {
  const out: string[] = [];
  const required = new Set(s.required ?? []);
  for (const [name, slot] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const prop = s.properties?.[name];
    if (slot.required && !required.has(name)) {
      out.push(`${path}: the reader requires it, the producer does not`);
      continue;
    }
    if (prop === undefined) {
      if (slot.required) out.push(`${path}: the reader requires it, the producer does not describe it`);
      continue;
    }
    out.push(...fieldBreaks(path, slot.field, prop, slot.required));
  }
  return out;
}

/** The breaks between a producer's schema and a reader contract of its topic ([] = compatible). */
export function contractBreaks(producer: object, reader: ReaderContract): string[] {
  return objectBreaks("", reader.fields, producer as Schema);
}
