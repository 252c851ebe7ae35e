/**
 * Consumer-side (reader) contracts, decision 0300: what one consumer group reads of one topic,
 * declared in the consumer's definition and checked at the gate instead of the producer's schema.
 * A tolerant reader: a field is required only where the specification's table says so
 * («Обязательность» = Да), everything else is optional and arrives as null when absent; enums
 * are open (any string — the flow maps unknown values to the spec's fallback and warns); decimals
 * are accepted as a JSON number or a string and reach the handler as an exact decimal string;
 * fields a reader does not declare are ignored.
 *
 * A declaration is plain data (rendered to JSON Schema for the gate's validator and for AsyncAPI)
 * and carries its payload type: `ReaderPayload<typeof contract>` is what the handler receives.
 */

export type FieldKind =
  | "uuid"
  | "string"
  | "integer"
  | "decimal"
  | "date-time"
  | "boolean"
  | "enum"
  | "one-of"
  | "object"
  | "array";

interface FieldBase<K extends FieldKind, T> {
  readonly kind: K;
  readonly description?: string;
  /** Phantom: the value type the handler sees (never set at run time) */
  readonly __type?: T;
}

export type UuidField = FieldBase<"uuid", string>;
export type StringField = FieldBase<"string", string>;
export type IntegerField = FieldBase<"integer", number>;
/** A decimal: a JSON number or a string on the wire, an exact canonical decimal string after the gate */
export type DecimalField = FieldBase<"decimal", string>;
export type DateTimeField = FieldBase<"date-time", string>;
export type BooleanField = FieldBase<"boolean", boolean>;
/** An open enum: the values the reader knows (for documentation and fallbacks); any string passes */
export interface EnumField<V extends string = string> extends FieldBase<"enum", V | (string & {})> {
  readonly known: readonly V[];
}
/**
 * A closed enum: for a field whose spec names no fallback (our own crm's Phase, Cause); an unknown
 * value is a malformed payload.
 */
export interface OneOfField<V extends string = string> extends FieldBase<"one-of", V> {
  readonly values: readonly V[];
}
export interface ObjectField<F extends Fields = Fields> extends FieldBase<"object", ReaderPayload<F>> {
  readonly fields: F;
}
export interface ArrayField<I extends Field = Field> extends FieldBase<"array", ReadonlyArray<ValueOf<I>>> {
  readonly items: I;
}

export type Field =
  | UuidField
  | StringField
  | IntegerField
  | DecimalField
  | DateTimeField
  | BooleanField
  | EnumField
  | OneOfField
  | ObjectField
  | ArrayField;

export interface Slot<F extends Field = Field, R extends boolean = boolean> {
  readonly field: F;
  readonly required: R;
}
export type Fields = { readonly [name: string]: Slot };

type ValueOf<F> = F extends { readonly __type?: infer T } ? T : never;

/**
 * The payload a handler gets from a reader contract: an optional field is `T | null` (the gate
 * fills an absent one with null, so the key is always there).
 */
export type ReaderPayload<F extends Fields> = {
  readonly [K in keyof F]: F[K] extends Slot<infer X, true> ? ValueOf<X> : ValueOf<F[K]["field"]> | null;
};

/** Required: present and not null («Обязательность» = Да). */
export const req = <F extends Field>(field: F): Slot<F, true> => ({ field, required: true });
/** Optional: absent or null → null. */
export const opt = <F extends Field>(field: F): Slot<F, false> => ({ field, required: false });

export const field = {
  uuid: (description?: string): UuidField => ({ kind: "uuid", ...(description ? { description } : {}) }),
  string: (description?: string): StringField => ({
    kind: "string",
    ...(description ? { description } : {}),
  }),
  integer: (description?: string): IntegerField => ({
    kind: "integer",
    ...(description ? { description } : {}),
  }),
  decimal: (description?: string): DecimalField => ({
    kind: "decimal",
    ...(description ? { description } : {}),
  }),
  dateTime: (description?: string): DateTimeField => ({
    kind: "date-time",
    ...(description ? { description } : {}),
  }),
  boolean: (description?: string): BooleanField => ({
    kind: "boolean",
    ...(description ? { description } : {}),
  }),
  enumOf: <const V extends string>(known: readonly V[], description?: string): EnumField<V> => ({
    kind: "enum",
    known,
    ...(description ? { description } : {}),
  }),
  oneOf: <const V extends string>(values: readonly V[], description?: string): OneOfField<V> => ({
    kind: "one-of",
    values,
    ...(description ? { description } : {}),
  }),
  object: <const F extends Fields>(fields: F, description?: string): ObjectField<F> => ({
    kind: "object",
    fields,
    ...(description ? { description } : {}),
  }),
  array: <I extends Field>(items: I, description?: string): ArrayField<I> => ({
    kind: "array",
    items,
    ...(description ? { description } : {}),
  }),
};

export interface ReaderContract<F extends Fields = Fields> {
  /** The topic read */
  readonly topic: string;
  /** Where the field list comes from (the spec's table), for documentation */
  readonly source: string;
  readonly fields: F;
}

export function readerContract<const F extends Fields>(
  topic: string,
  source: string,
  fields: F,
): ReaderContract<F> {
  return { topic, source, fields };
}

/** The payload type a reader contract gives its handler. */
export type PayloadOf<C> = C extends ReaderContract<infer F> ? ReaderPayload<F> : never;

/**
 * A decimal's spelling in a string: the JSON number grammar (what a number becomes after the
 * gate's pre-scan), e.g. "12450000.10", "-0.5", "1.245E7".
 */
export const DECIMAL_PATTERN = "^-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?$";

type JsonSchema = Record<string, unknown>;

function fieldSchema(f: Field): JsonSchema {
  const doc = f.description ? { description: f.description } : {};
  switch (f.kind) {
    case "uuid":
      return { type: "string", format: "uuid", ...doc };
    case "string":
      return { type: "string", ...doc };
    case "integer":
      return { type: "integer", ...doc };
    case "decimal":
      return { type: "string", pattern: DECIMAL_PATTERN, "x-decimal": true, ...doc };
    case "date-time":
      return { type: "string", format: "date-time", ...doc };
    case "boolean":
      return { type: "boolean", ...doc };
    case "enum":
      return { type: "string", "x-known-values": [...f.known], "x-open-enum": true, ...doc };
    case "one-of":
      return { type: "string", enum: [...f.values], ...doc };
    case "object":
      return { ...objectSchema(f.fields), ...doc };
    case "array":
      return { type: "array", items: fieldSchema(f.items), ...doc };
    default: {
      const never: never = f;
      return never;
    }
  }
}

function slotSchema(slot: Slot): JsonSchema {
  const schema = fieldSchema(slot.field);
  if (slot.required) return schema;
  // Optional: null or absent; the gate fills an absent one with null (ajv useDefaults).
  const nullable = { ...schema, type: [schema.type as string, "null"], default: null };
  return Array.isArray(schema.enum) ? { ...nullable, enum: [...schema.enum, null] } : nullable;
}

function objectSchema(fields: Fields): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, slot] of Object.entries(fields)) {
    properties[name] = slotSchema(slot);
    if (slot.required) required.push(name);
  }
  return { type: "object", additionalProperties: true, required, properties };
}

/** The reader contract as JSON Schema (draft 2020-12): the gate validates with it, AsyncAPI shows it. */
export function readerJsonSchema(contract: ReaderContract): JsonSchema {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: `reader of ${contract.topic}`,
    description: `What the consumer reads (${contract.source}); other fields are ignored.`,
    "x-topic": contract.topic,
    ...objectSchema(contract.fields),
  };
}

/** Paths (field names from the root) of every decimal a contract declares, nested ones included. */
export function decimalPaths(fields: Fields, prefix: readonly string[] = []): string[][] {
  const out: string[][] = [];
  for (const [name, slot] of Object.entries(fields)) {
    const f = slot.field;
    if (f.kind === "decimal") out.push([...prefix, name]);
    else if (f.kind === "object") out.push(...decimalPaths(f.fields, [...prefix, name]));
  }
  return out;
}

/** Every decimal key name a contract declares (at any depth): what the gate's pre-scan quotes. */
export function decimalKeys(contract: ReaderContract): string[] {
  return [...new Set(decimalPaths(contract.fields).map((p) => p[p.length - 1] as string))];
}

/** The open-enum fields of a contract with their known values, e.g. for AsyncAPI and the docs. */
export function enumFields(fields: Fields, prefix = ""): Array<{ path: string; known: readonly string[] }> {
  const out: Array<{ path: string; known: readonly string[] }> = [];
  for (const [name, slot] of Object.entries(fields)) {
    const f = slot.field;
    const path = prefix ? `${prefix}.${name}` : name;
    if (f.kind === "enum") out.push({ path, known: f.known });
    else if (f.kind === "object") out.push(...enumFields(f.fields, path));
    else if (f.kind === "array" && f.items.kind === "enum")
      out.push({ path: `${path}[]`, known: f.items.known });
  }
  return out;
}

/** Required field paths (dot-joined), for documentation. */
export function requiredPaths(fields: Fields, prefix = ""): string[] {
  const out: string[] = [];
  for (const [name, slot] of Object.entries(fields)) {
    if (!slot.required) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    out.push(path);
    if (slot.field.kind === "object") out.push(...requiredPaths(slot.field.fields, path));
  }
  return out;
}
