const req = (field2) => ({ field: field2, required: true });
const opt = (field2) => ({ field: field2, required: false });
const field = {
  uuid: (description) => ({ kind: "uuid", ...description ? { description } : {} }),
  string: (description) => ({
    kind: "string",
    ...description ? { description } : {}
  }),
  integer: (description) => ({
    kind: "integer",
    ...description ? { description } : {}
  }),
  decimal: (description) => ({
    kind: "decimal",
    ...description ? { description } : {}
  }),
  dateTime: (description) => ({
    kind: "date-time",
    ...description ? { description } : {}
  }),
  boolean: (description) => ({
    kind: "boolean",
    ...description ? { description } : {}
  }),
  enumOf: (known, description) => ({
    kind: "enum",
    known,
    ...description ? { description } : {}
  }),
  oneOf: (values, description) => ({
    kind: "one-of",
    values,
    ...description ? { description } : {}
  }),
  object: (fields, description) => ({
    kind: "object",
    fields,
    ...description ? { description } : {}
  }),
  array: (items, description) => ({
    kind: "array",
    items,
    ...description ? { description } : {}
  })
};
function readerContract(topic, source, fields) {
  return { topic, source, fields };
}
const DECIMAL_PATTERN = "^-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?$";
function fieldSchema(f) {
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
      const never = f;
      return never;
    }
  }
}
function slotSchema(slot) {
  const schema = fieldSchema(slot.field);
  if (slot.required) return schema;
  const nullable = { ...schema, type: [schema.type, "null"], default: null };
  return Array.isArray(schema.enum) ? { ...nullable, enum: [...schema.enum, null] } : nullable;
}
function objectSchema(fields) {
  const properties = {};
  const required = [];
  for (const [name, slot] of Object.entries(fields)) {
    properties[name] = slotSchema(slot);
    if (slot.required) required.push(name);
  }
  return { type: "object", additionalProperties: true, required, properties };
}
function readerJsonSchema(contract) {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: `reader of ${contract.topic}`,
    description: `What the consumer reads (${contract.source}); other fields are ignored.`,
    "x-topic": contract.topic,
    ...objectSchema(contract.fields)
  };
}
function decimalPaths(fields, prefix = []) {
  const out = [];
  for (const [name, slot] of Object.entries(fields)) {
    const f = slot.field;
    if (f.kind === "decimal") out.push([...prefix, name]);
    else if (f.kind === "object") out.push(...decimalPaths(f.fields, [...prefix, name]));
  }
  return out;
}
function decimalKeys(contract) {
  return [...new Set(decimalPaths(contract.fields).map((p) => p[p.length - 1]))];
}
function enumFields(fields, prefix = "") {
  const out = [];
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
function requiredPaths(fields, prefix = "") {
  const out = [];
  for (const [name, slot] of Object.entries(fields)) {
    if (!slot.required) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    out.push(path);
    if (slot.field.kind === "object") out.push(...requiredPaths(slot.field.fields, path));
  }
  return out;
}
export {
  DECIMAL_PATTERN,
  decimalKeys,
  decimalPaths,
  enumFields,
  field,
  opt,
  readerContract,
  readerJsonSchema,
  req,
  requiredPaths
};
//# sourceMappingURL=reader-contract.js.map
