const typesOf = (s) => s.type === void 0 ? [] : Array.isArray(s.type) ? s.type : [s.type];
function fieldBreaks(path, f, s, required) {
  const types = typesOf(s).filter((t) => t !== "null");
  const out = [];
  if (required && typesOf(s).includes("null"))
    out.push(`${path}: the reader requires it, the producer allows null`);
  const want = (ok, what) => {
    if (!ok)
      out.push(
        `${path}: the reader reads ${what}, the producer sends ${JSON.stringify(s.type)}${s.format ? ` (${s.format})` : ""}`
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
        types.length > 0 && types.every(
          (t) => t === "number" || t === "integer" || t === "string" && s.pattern !== void 0
        ),
        "a decimal (a number or a decimal string)"
      );
      break;
    case "one-of": {
      const values = s.enum?.filter((v) => v !== null);
      want(
        types[0] === "string" && values !== void 0 && values.every((v) => f.values.includes(v)),
        `one of ${f.values.join("/")}`
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
      const never = f;
      return never;
    }
  }
  return out;
}
function objectBreaks(prefix, fields, s) {
  const out = [];
  const required = new Set(s.required ?? []);
  for (const [name, slot] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const prop = s.properties?.[name];
    if (slot.required && !required.has(name)) {
      out.push(`${path}: the reader requires it, the producer does not`);
      continue;
    }
    if (prop === void 0) {
      if (slot.required) out.push(`${path}: the reader requires it, the producer does not describe it`);
      continue;
    }
    out.push(...fieldBreaks(path, slot.field, prop, slot.required));
  }
  return out;
}
function contractBreaks(producer, reader) {
  return objectBreaks("", reader.fields, producer);
}
export {
  contractBreaks
};
//# sourceMappingURL=compatibility.js.map
