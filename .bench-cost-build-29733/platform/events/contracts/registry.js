import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { isUuid } from "../../validation/ids.js";
import { isCanonicalUtcDateTime, withQuickAccept } from "./fast-formats.js";
const SCHEMA_SUFFIX = ".schema.json";
const DEFAULT_SCHEMA_DIR = fileURLToPath(new URL("../../../../schema/events/", import.meta.url));
const addFormats = addFormatsModule.default ?? addFormatsModule;
function useQuickFormats(ajv) {
  const formats = ajv.formats;
  const dateTime = formats["date-time"];
  if (dateTime && typeof dateTime === "object" && "validate" in dateTime) {
    ajv.addFormat("date-time", {
      ...dateTime,
      validate: withQuickAccept(isCanonicalUtcDateTime, dateTime.validate)
    });
  }
  const uuid = formats.uuid;
  if (uuid instanceof RegExp || typeof uuid === "function")
    ajv.addFormat("uuid", withQuickAccept(isUuid, uuid));
}
function createContractRegistry(schemaDir = DEFAULT_SCHEMA_DIR) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  useQuickFormats(ajv);
  const validators = /* @__PURE__ */ new Map();
  const register = (topic, schema) => {
    const { $id: _ignored, $schema: _draft, ...body } = schema;
    validators.set(topic, ajv.compile(body));
  };
  if (schemaDir) {
    let files = [];
    try {
      files = readdirSync(schemaDir).filter((f) => f.endsWith(SCHEMA_SUFFIX));
    } catch {
      files = [];
    }
    for (const file of files) {
      const topic = file.slice(0, -SCHEMA_SUFFIX.length);
      register(topic, JSON.parse(readFileSync(`${schemaDir}/${file}`, "utf8")));
    }
  }
  return {
    has: (topic) => validators.has(topic),
    topics: () => [...validators.keys()].sort(),
    register,
    validatePayload(topic, payload) {
      const validate = validators.get(topic);
      if (!validate) return { ok: false, errors: [`no contract registered for topic ${topic}`] };
      if (validate(payload)) return { ok: true };
      const errors = (validate.errors ?? []).map(
        (e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`
      );
      return { ok: false, errors };
    }
  };
}
let shared = null;
function contractRegistry() {
  shared ??= createContractRegistry();
  return shared;
}
function validatePayload(topic, payload) {
  return contractRegistry().validatePayload(topic, payload);
}
function registerContract(topic, schema) {
  contractRegistry().register(topic, schema);
}
export {
  contractRegistry,
  createContractRegistry,
  registerContract,
  validatePayload
};
//# sourceMappingURL=registry.js.map
