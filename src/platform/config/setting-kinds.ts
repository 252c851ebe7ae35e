/**
 * The kinds of setting the settings map is written in (issue #41's file-size rule split them out of
 * settings.ts): each parses one environment variable, says how it reads in `.env.example` and the
 * configuration reference, and refuses a bad value with a ConfigError naming the variable.
 */
import { parseTrustProxy, type TrustProxy } from "./trusted-proxies.js";

export interface SettingSpec<T> {
  readonly env: string;
  readonly description: string;
  readonly example: string;
  readonly parse: (raw: string | undefined) => T;
  /** For docs/guide/configuration.md (`npm run config:docs`): the default and the values allowed */
  readonly doc?: SettingDoc;
}

/** How a setting reads in the configuration reference; `null` default = empty / not set. */
export interface SettingDoc {
  readonly default: string | null;
  readonly allowed: string;
}

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`Invalid setting ${setting}: ${message}`);
    this.name = "ConfigError";
  }
}

export function str(env: string, fallback: string | null, description: string, example = fallback ?? "") {
  return {
    env,
    description,
    example,
    parse: (raw: string | undefined): string | null => (raw === undefined || raw === "" ? fallback : raw),
    doc: { default: fallback, allowed: "text" },
  } satisfies SettingSpec<string | null>;
}

export function int(
  env: string,
  fallback: number,
  description: string,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
) {
  return {
    env,
    description,
    example: String(fallback),
    parse: (raw: string | undefined): number => {
      if (raw === undefined || raw === "") return fallback;
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(env, `expected an integer, got "${raw}"`);
      const value = Number(raw);
      if (value < min || value > max) throw new ConfigError(env, `expected ${min}..${max}, got ${value}`);
      return value;
    },
    doc: {
      default: String(fallback),
      allowed: `integer ${min}..${max === Number.MAX_SAFE_INTEGER ? "∞" : max}`,
    },
  } satisfies SettingSpec<number>;
}

export function bool(env: string, fallback: boolean, description: string) {
  return {
    env,
    description,
    example: String(fallback),
    parse: (raw: string | undefined): boolean => {
      if (raw === undefined || raw === "") return fallback;
      if (["true", "1", "yes"].includes(raw.toLowerCase())) return true;
      if (["false", "0", "no"].includes(raw.toLowerCase())) return false;
      throw new ConfigError(env, `expected true/false, got "${raw}"`);
    },
    doc: { default: String(fallback), allowed: "true | false (also 1/0, yes/no)" },
  } satisfies SettingSpec<boolean>;
}

export function oneOf<T extends string>(env: string, values: readonly T[], fallback: T, description: string) {
  return {
    env,
    description: `${description} (${values.join(" | ")})`,
    example: fallback,
    parse: (raw: string | undefined): T => {
      if (raw === undefined || raw === "") return fallback;
      if (!(values as readonly string[]).includes(raw)) {
        throw new ConfigError(env, `expected one of ${values.join(", ")}, got "${raw}"`);
      }
      return raw as T;
    },
    doc: { default: fallback, allowed: values.join(" | ") },
  } satisfies SettingSpec<T>;
}

export function url(env: string, protocols: readonly string[], description: string, example: string) {
  return {
    env,
    description,
    example,
    parse: (raw: string | undefined): string | null => {
      if (raw === undefined || raw === "") return null;
      let parsed: URL;
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
    doc: { default: null, allowed: `${protocols.map((p) => p.replace(/:$/, "")).join(" or ")} URL` },
  } satisfies SettingSpec<string | null>;
}

export function trustProxySetting(env: string, description: string) {
  return {
    env,
    description,
    example: "false",
    parse: (raw: string | undefined): TrustProxy => {
      try {
        return parseTrustProxy(raw);
      } catch (error) {
        throw new ConfigError(env, (error as Error).message);
      }
    },
    doc: { default: "false", allowed: "false, true, a hop count, or addresses/CIDRs (comma-separated)" },
  } satisfies SettingSpec<TrustProxy>;
}

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** A comma-separated list of durations ("30s,1m,2m"): e.g. a retry schedule. */
export function durations(env: string, fallback: string, description: string) {
  const parseList = (raw: string): number[] => {
    const items = raw
      .split(",")
      .map((i) => i.trim())
      .filter(Boolean);
    if (items.length === 0 || items.length > 32) throw new ConfigError(env, "expected 1..32 durations");
    return items.map((item) => {
      const match = /^(\d{1,9})(ms|s|m|h)$/.exec(item);
      if (!match) throw new ConfigError(env, `"${item}" is not a duration like 500ms, 30s, 2m, 1h`);
      return Number(match[1]) * (DURATION_UNITS_MS[match[2] as string] as number);
    });
  };
  return {
    env,
    description,
    example: fallback,
    parse: (raw: string | undefined): number[] => parseList(raw === undefined || raw === "" ? fallback : raw),
    doc: { default: fallback, allowed: "1..32 durations (500ms, 30s, 2m, 1h), comma-separated" },
  } satisfies SettingSpec<number[]>;
}

export function list(env: string, description: string, example: string, maxItems = 200, maxLength = 256) {
  return {
    env,
    description,
    example,
    parse: (raw: string | undefined): string[] => {
      if (raw === undefined || raw.trim() === "") return [];
      const items = raw
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.length > maxItems) throw new ConfigError(env, `at most ${maxItems} items`);
      const long = items.find((item) => item.length > maxLength);
      if (long) throw new ConfigError(env, `"${long.slice(0, 40)}…" is longer than ${maxLength} characters`);
      return items;
    },
    doc: { default: null, allowed: `up to ${maxItems} items of ≤ ${maxLength} characters, comma-separated` },
  } satisfies SettingSpec<string[]>;
}

/** An optional port: empty → null. */
export function optionalPort(env: string, description: string, example: string) {
  const parsePort = int(env, 0, description, 0, 65535).parse;
  return {
    env,
    description,
    example,
    parse: (raw: string | undefined): number | null =>
      raw === undefined || raw === "" ? null : parsePort(raw),
    doc: { default: null, allowed: "port 0..65535 (0 = any free port)" },
  } satisfies SettingSpec<number | null>;
}
