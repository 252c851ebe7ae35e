import { parseArgs } from "node:util";
const COMMON_FLAGS = {
  help: { type: "boolean", description: "Print this help and exit (touches no database)" },
  json: { type: "boolean", description: "Machine-readable output: one JSON object per line on stdout" }
};
const MAX_STRING = 512;
const MAX_POSITIONALS = 4;
function parseCommandArgs(specs, argv) {
  const all = { ...COMMON_FLAGS, ...specs };
  const options = Object.fromEntries(
    Object.entries(all).map(([name, spec]) => [
      name,
      { type: spec.type === "boolean" ? "boolean" : "string" }
    ])
  );
  let raw;
  try {
    raw = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    return { ok: false, error: describeParseError(error) };
  }
  if (raw.positionals.length > MAX_POSITIONALS) return { ok: false, error: "too many arguments" };
  const flags = /* @__PURE__ */ new Map();
  for (const [name, rawValue] of Object.entries(raw.values)) {
    const spec = all[name];
    if (spec === void 0 || rawValue === void 0) continue;
    const typed = typedValue(name, spec, rawValue);
    if (!typed.ok) return typed;
    flags.set(name, typed.value);
  }
  for (const [name, spec] of Object.entries(all)) {
    if (spec.type === "integer" && spec.default !== void 0 && !flags.has(name))
      flags.set(name, spec.default);
  }
  return {
    ok: true,
    value: {
      flags,
      positionals: raw.positionals,
      help: flags.get("help") === true,
      json: flags.get("json") === true
    }
  };
}
function typedValue(name, spec, raw) {
  if (spec.type === "boolean") return { ok: true, value: raw === true };
  const text = String(raw);
  if (text.length > MAX_STRING)
    return { ok: false, error: `--${name}: longer than ${MAX_STRING} characters` };
  switch (spec.type) {
    case "string":
      if (spec.pattern && !spec.pattern.test(text))
        return { ok: false, error: `--${name}: "${clip(text)}" is not a valid ${spec.value}` };
      return { ok: true, value: text };
    case "integer": {
      const n = /^-?\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < spec.min || n > spec.max)
        return {
          ok: false,
          error: `--${name}: expected an integer in ${spec.min}..${spec.max}, got "${clip(text)}"`
        };
      return { ok: true, value: n };
    }
    case "timestamp": {
      const at = new Date(text);
      if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime()))
        return { ok: false, error: `--${name}: expected an ISO-8601 timestamp, got "${clip(text)}"` };
      return { ok: true, value: at };
    }
    case "list": {
      const items = text.split(",").map((s) => s.trim()).filter(Boolean);
      if (items.length === 0 || items.length > spec.max)
        return { ok: false, error: `--${name}: expected 1..${spec.max} comma-separated ${spec.value}` };
      return { ok: true, value: items };
    }
    default: {
      const exhaustive = spec;
      return exhaustive;
    }
  }
}
function describeParseError(error) {
  const message = error instanceof Error ? error.message : String(error);
  const option = message.match(/'(--?[^' ]+)/)?.[1];
  if (/Unknown option/i.test(message) && option) return `unknown flag ${option}`;
  if (/argument missing/i.test(message) && option) return `${option}: a value is required`;
  if (/does not take an argument/i.test(message) && option) return `${option}: takes no value`;
  return message.split("\n")[0] ?? message;
}
function clip(text) {
  return text.length > 40 ? `${text.slice(0, 40)}\u2026` : text;
}
function flagText(args, name) {
  const v = args.flags.get(name);
  return typeof v === "string" ? v : void 0;
}
function flagNumber(args, name) {
  const v = args.flags.get(name);
  return typeof v === "number" ? v : void 0;
}
function flagOn(args, name) {
  return args.flags.get(name) === true;
}
function flagDate(args, name) {
  const v = args.flags.get(name);
  return v instanceof Date ? v : void 0;
}
function flagList(args, name) {
  const v = args.flags.get(name);
  return Array.isArray(v) ? v : void 0;
}
export {
  COMMON_FLAGS,
  flagDate,
  flagList,
  flagNumber,
  flagOn,
  flagText,
  parseCommandArgs
};
//# sourceMappingURL=args.js.map
