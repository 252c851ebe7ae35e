/**
 * The consumer gate for a reader contract (decision 0300): raw payload text → the handler's
 * payload, or the violations. Decimals are read exactly (lossless-json.ts), the payload is
 * validated against the reader's JSON Schema (ajv, compiled once per contract), absent optional
 * fields become null (ajv `useDefaults` with `default: null`) and decimals are spelt canonically.
 */
import type { ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import {
  decimalKeys,
  decimalPaths,
  type ReaderContract,
  readerJsonSchema,
} from "../../../contracts/reader-contract.js";
import { isUuid } from "../../validation/ids.js";
import { isCanonicalUtcDateTime, withQuickAccept } from "./fast-formats.js";
import { canonicalDecimal, parseLossless, quoteDecimalNumbers } from "./lossless-json.js";

/**
 * `missing`: a required field absent or null (a consumer may give that its own code, e.g.
 * CATALOG_SYNC_CONTRACT_FIELD_MISSING); `malformed`: present with a wrong type or format.
 */
export interface ReaderViolation {
  readonly kind: "missing" | "malformed";
  /** Dot path of the field, e.g. "CurrencySnapshot.IsoCode" ("" for the payload itself) */
  readonly field: string;
  readonly message: string;
}

export type ReaderOutcome =
  | { readonly ok: true; readonly payload: unknown }
  | { readonly ok: false; readonly violations: readonly ReaderViolation[] };

export interface ReaderGate {
  readonly contract: ReaderContract;
  read(text: string): ReaderOutcome;
}

type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

type FormatEntry = RegExp | ((s: string) => boolean) | { validate: RegExp | ((s: string) => boolean) };

let shared: Ajv2020 | null = null;
function readerAjv(): Ajv2020 {
  if (shared) return shared;
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true });
  addFormats(ajv);
  const formats = ajv.formats as Record<string, FormatEntry | undefined>;
  const dateTime = formats["date-time"];
  if (dateTime && typeof dateTime === "object" && "validate" in dateTime)
    ajv.addFormat("date-time", {
      ...dateTime,
      validate: withQuickAccept(isCanonicalUtcDateTime, dateTime.validate),
    });
  const uuid = formats.uuid;
  if (uuid instanceof RegExp || typeof uuid === "function")
    ajv.addFormat("uuid", withQuickAccept(isUuid, uuid));
  shared = ajv;
  return ajv;
}

const pathOf = (instancePath: string) => instancePath.split("/").slice(1).join(".");

function get(root: unknown, path: readonly string[]): unknown {
  let at: unknown = root;
  for (const p of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[p];
  }
  return at;
}

function violationsOf(validate: ValidateFunction, payload: unknown): ReaderViolation[] {
  const out: ReaderViolation[] = [];
  for (const e of validate.errors ?? []) {
    const at = pathOf(e.instancePath);
    if (e.keyword === "required") {
      const name = String((e.params as { missingProperty?: unknown }).missingProperty ?? "");
      out.push({ kind: "missing", field: at ? `${at}.${name}` : name, message: "is required" });
      continue;
    }
    // A required field present as null is as missing as an absent one.
    const value = get(payload, e.instancePath.split("/").slice(1));
    if (value === null && e.keyword === "type") {
      out.push({ kind: "missing", field: at, message: "is required (null)" });
      continue;
    }
    out.push({ kind: "malformed", field: at, message: e.message ?? "is invalid" });
  }
  return out;
}

/** Compiles the gate of one reader contract (once per consumer and topic). */
export function createReaderGate(contract: ReaderContract): ReaderGate {
  const body = readerJsonSchema(contract);
  const { $schema: _draft, ...schema } = body;
  const validate = readerAjv().compile(schema);
  const keys = decimalKeys(contract);
  const keySet = new Set(keys);
  const paths = decimalPaths(contract.fields);

  const parse = (text: string): unknown =>
    JSON.parse(keys.length > 0 ? quoteDecimalNumbers(text, keys) : text);
  /** A decimal still a number after the pre-scan (its key spelt with \u escapes)? */
  const missedByPreScan = (payload: unknown): boolean => {
    for (const p of paths) if (typeof get(payload, p) === "number") return true;
    return false;
  };

  return {
    contract,
    read(text) {
      let payload: unknown;
      try {
        payload = parse(text);
        if (paths.length > 0 && missedByPreScan(payload)) payload = parseLossless(text, keySet);
      } catch {
        return { ok: false, violations: [{ kind: "malformed", field: "", message: "value is not JSON" }] };
      }
      if (!validate(payload)) return { ok: false, violations: violationsOf(validate, payload) };
      for (const p of paths) {
        const parent = get(payload, p.slice(0, -1)) as Record<string, unknown> | null | undefined;
        const name = p[p.length - 1] as string;
        const raw = parent?.[name];
        if (typeof raw !== "string") continue;
        const canonical = canonicalDecimal(raw);
        if (canonical === null) {
          return {
            ok: false,
            violations: [
              { kind: "malformed", field: p.join("."), message: "is not a decimal within bounds" },
            ],
          };
        }
        if (canonical !== raw) (parent as Record<string, unknown>)[name] = canonical;
      }
      return { ok: true, payload };
    },
  };
}

/** One line per violation, for the DLQ reason and the logs. */
export function describeViolations(violations: readonly ReaderViolation[]): string {
  return violations.map((v) => `${v.field || "/"} ${v.message}`).join("; ");
}
