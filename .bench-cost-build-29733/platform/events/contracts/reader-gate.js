import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import {
  decimalKeys,
  decimalPaths,
  readerJsonSchema
} from "../../../contracts/reader-contract.js";
import { isUuid } from "../../validation/ids.js";
import { isCanonicalUtcDateTime, withQuickAccept } from "./fast-formats.js";
import { canonicalDecimal, parseLossless, quoteDecimalNumbers } from "./lossless-json.js";
const addFormats = addFormatsModule.default ?? addFormatsModule;
let shared = null;
function readerAjv() {
  if (shared) return shared;
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true });
  addFormats(ajv);
  const formats = ajv.formats;
  const dateTime = formats["date-time"];
  if (dateTime && typeof dateTime === "object" && "validate" in dateTime)
    ajv.addFormat("date-time", {
      ...dateTime,
      validate: withQuickAccept(isCanonicalUtcDateTime, dateTime.validate)
    });
  const uuid = formats.uuid;
  if (uuid instanceof RegExp || typeof uuid === "function")
    ajv.addFormat("uuid", withQuickAccept(isUuid, uuid));
  shared = ajv;
  return ajv;
}
const pathOf = (instancePath) => instancePath.split("/").slice(1).join(".");
function get(root, path) {
  let at = root;
  for (const p of path) {
    if (at === null || typeof at !== "object") return void 0;
    at = at[p];
  }
  return at;
}
function violationsOf(validate, payload) {
  const out = [];
  for (const e of validate.errors ?? []) {
    const at = pathOf(e.instancePath);
    if (e.keyword === "required") {
      const name = String(e.params.missingProperty ?? "");
      out.push({ kind: "missing", field: at ? `${at}.${name}` : name, message: "is required" });
      continue;
    }
    const value = get(payload, e.instancePath.split("/").slice(1));
    if (value === null && e.keyword === "type") {
      out.push({ kind: "missing", field: at, message: "is required (null)" });
      continue;
    }
    out.push({ kind: "malformed", field: at, message: e.message ?? "is invalid" });
  }
  return out;
}
function createReaderGate(contract) {
  const body = readerJsonSchema(contract);
  const { $schema: _draft, ...schema } = body;
  const validate = readerAjv().compile(schema);
  const keys = decimalKeys(contract);
  const keySet = new Set(keys);
  const paths = decimalPaths(contract.fields);
  const parse = (text) => JSON.parse(keys.length > 0 ? quoteDecimalNumbers(text, keys) : text);
  const missedByPreScan = (payload) => {
    for (const p of paths) if (typeof get(payload, p) === "number") return true;
    return false;
  };
  return {
    contract,
    read(text) {
      let payload;
      try {
        payload = parse(text);
        if (paths.length > 0 && missedByPreScan(payload)) payload = parseLossless(text, keySet);
      } catch {
        return { ok: false, violations: [{ kind: "malformed", field: "", message: "value is not JSON" }] };
      }
      if (!validate(payload)) return { ok: false, violations: violationsOf(validate, payload) };
      for (const p of paths) {
        const parent = get(payload, p.slice(0, -1));
        const name = p[p.length - 1];
        const raw = parent?.[name];
        if (typeof raw !== "string") continue;
        const canonical = canonicalDecimal(raw);
        if (canonical === null) {
          return {
            ok: false,
            violations: [
              { kind: "malformed", field: p.join("."), message: "is not a decimal within bounds" }
            ]
          };
        }
        if (canonical !== raw) parent[name] = canonical;
      }
      return { ok: true, payload };
    }
  };
}
function describeViolations(violations) {
  return violations.map((v) => `${v.field || "/"} ${v.message}`).join("; ");
}
export {
  createReaderGate,
  describeViolations
};
//# sourceMappingURL=reader-gate.js.map
