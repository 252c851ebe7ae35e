import { parseTrustProxy } from "./trusted-proxies.js";
class ConfigError extends Error {
  constructor(setting, message) {
    super(`Invalid setting ${setting}: ${message}`);
    this.setting = setting;
    this.name = "ConfigError";
  }
  setting;
}
function str(env, fallback, description, example = fallback ?? "") {
  return {
    env,
    description,
    example,
    parse: (raw) => raw === void 0 || raw === "" ? fallback : raw,
    doc: { default: fallback, allowed: "text" }
  };
}
function int(env, fallback, description, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return {
    env,
    description,
    example: String(fallback),
    parse: (raw) => {
      if (raw === void 0 || raw === "") return fallback;
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(env, `expected an integer, got "${raw}"`);
      const value = Number(raw);
      if (value < min || value > max) throw new ConfigError(env, `expected ${min}..${max}, got ${value}`);
      return value;
    },
    doc: {
      default: String(fallback),
      allowed: `integer ${min}..${max === Number.MAX_SAFE_INTEGER ? "\u221E" : max}`
    }
  };
}
function bool(env, fallback, description) {
  return {
    env,
    description,
    example: String(fallback),
    parse: (raw) => {
      if (raw === void 0 || raw === "") return fallback;
      if (["true", "1", "yes"].includes(raw.toLowerCase())) return true;
      if (["false", "0", "no"].includes(raw.toLowerCase())) return false;
      throw new ConfigError(env, `expected true/false, got "${raw}"`);
    },
    doc: { default: String(fallback), allowed: "true | false (also 1/0, yes/no)" }
  };
}
function oneOf(env, values, fallback, description) {
  return {
    env,
    description: `${description} (${values.join(" | ")})`,
    example: fallback,
    parse: (raw) => {
      if (raw === void 0 || raw === "") return fallback;
      if (!values.includes(raw)) {
        throw new ConfigError(env, `expected one of ${values.join(", ")}, got "${raw}"`);
      }
      return raw;
    },
    doc: { default: fallback, allowed: values.join(" | ") }
  };
}
function url(env, protocols, description, example) {
  return {
    env,
    description,
    example,
    parse: (raw) => {
      if (raw === void 0 || raw === "") return null;
      let parsed;
      try {
        parsed = new URL(raw);
      } catch {
        throw new ConfigError(env, `not a URL: "${raw}"`);
      }
      if (!protocols.includes(parsed.protocol)) {
        throw new ConfigError(env, `expected ${protocols.join(" or ")} URL, got ${parsed.protocol}`);
      }
      return raw;
    },
    doc: { default: null, allowed: `${protocols.map((p) => p.replace(/:$/, "")).join(" or ")} URL` }
  };
}
function trustProxySetting(env, description) {
  return {
    env,
    description,
    example: "false",
    parse: (raw) => {
      try {
        return parseTrustProxy(raw);
      } catch (error) {
        throw new ConfigError(env, error.message);
      }
    },
    doc: { default: "false", allowed: "false, true, a hop count, or addresses/CIDRs (comma-separated)" }
  };
}
const DURATION_UNITS_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function durations(env, fallback, description) {
  const parseList = (raw) => {
    const items = raw.split(",").map((i) => i.trim()).filter(Boolean);
    if (items.length === 0 || items.length > 32) throw new ConfigError(env, "expected 1..32 durations");
    return items.map((item) => {
      const match = /^(\d{1,9})(ms|s|m|h)$/.exec(item);
      if (!match) throw new ConfigError(env, `"${item}" is not a duration like 500ms, 30s, 2m, 1h`);
      return Number(match[1]) * DURATION_UNITS_MS[match[2]];
    });
  };
  return {
    env,
    description,
    example: fallback,
    parse: (raw) => parseList(raw === void 0 || raw === "" ? fallback : raw),
    doc: { default: fallback, allowed: "1..32 durations (500ms, 30s, 2m, 1h), comma-separated" }
  };
}
function list(env, description, example, maxItems = 200, maxLength = 256) {
  return {
    env,
    description,
    example,
    parse: (raw) => {
      if (raw === void 0 || raw.trim() === "") return [];
      const items = raw.split(",").map((item) => item.trim()).filter(Boolean);
      if (items.length > maxItems) throw new ConfigError(env, `at most ${maxItems} items`);
      const long = items.find((item) => item.length > maxLength);
      if (long) throw new ConfigError(env, `"${long.slice(0, 40)}\u2026" is longer than ${maxLength} characters`);
      return items;
    },
    doc: { default: null, allowed: `up to ${maxItems} items of \u2264 ${maxLength} characters, comma-separated` }
  };
}
function optionalPort(env, description, example) {
  const parsePort = int(env, 0, description, 0, 65535).parse;
  return {
    env,
    description,
    example,
    parse: (raw) => raw === void 0 || raw === "" ? null : parsePort(raw),
    doc: { default: null, allowed: "port 0..65535 (0 = any free port)" }
  };
}
export {
  ConfigError,
  bool,
  durations,
  int,
  list,
  oneOf,
  optionalPort,
  str,
  trustProxySetting,
  url
};
//# sourceMappingURL=setting-kinds.js.map
