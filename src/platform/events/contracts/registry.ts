import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { isUuid } from "../../validation/ids.js";
import { isCanonicalUtcDateTime, withQuickAccept } from "./fast-formats.js";

/**
 * Payload contracts: one JSON Schema per topic in `schema/events/<topic>.schema.json`
 * (draft 2020-12; draft-07 files validate the same way for the keywords we use).
 * Loaded once per process; tests may register extra schemas for their own topics.
 */
export type ValidationOutcome = { ok: true } | { ok: false; errors: string[] };

const SCHEMA_SUFFIX = ".schema.json";
const DEFAULT_SCHEMA_DIR = fileURLToPath(new URL("../../../../schema/events/", import.meta.url));

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

export interface ContractRegistry {
  has(topic: string): boolean;
  topics(): string[];
  register(topic: string, schema: object): void;
  validatePayload(topic: string, payload: unknown): ValidationOutcome;
}

type FormatEntry = RegExp | ((s: string) => boolean) | { validate: RegExp | ((s: string) => boolean) };

/**
 * `date-time` with the same meaning as ajv-formats' full mode, cheaper for the canonical spelling
 * every producer of ours writes (decision 0213): its split + two regexes were the largest part
 * of a consumer's per-message contract check.
 */
function useQuickFormats(ajv: Ajv2020): void {
  const formats = ajv.formats as Record<string, FormatEntry | undefined>;
  const dateTime = formats["date-time"];
  if (dateTime && typeof dateTime === "object" && "validate" in dateTime) {
    // keep `compare` (formatMinimum / formatMaximum) as it was
    ajv.addFormat("date-time", {
      ...dateTime,
      validate: withQuickAccept(isCanonicalUtcDateTime, dateTime.validate),
    });
  }
  const uuid = formats.uuid;
  if (uuid instanceof RegExp || typeof uuid === "function")
    ajv.addFormat("uuid", withQuickAccept(isUuid, uuid));
}

export function createContractRegistry(schemaDir: string | null = DEFAULT_SCHEMA_DIR): ContractRegistry {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  useQuickFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  const register = (topic: string, schema: object): void => {
    // A schema's $id must be unique inside one ajv instance; the topic is the identity here.
    const { $id: _ignored, $schema: _draft, ...body } = schema as Record<string, unknown>;
    validators.set(topic, ajv.compile(body));
  };

  if (schemaDir) {
    let files: string[] = [];
    try {
      files = readdirSync(schemaDir).filter((f) => f.endsWith(SCHEMA_SUFFIX));
    } catch {
      files = [];
    }
    for (const file of files) {
      const topic = file.slice(0, -SCHEMA_SUFFIX.length);
      register(topic, JSON.parse(readFileSync(`${schemaDir}/${file}`, "utf8")) as object);
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
        (e) =>
          `${e.instancePath || "/"} ${e.message ?? "is invalid"}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
      );
      return { ok: false, errors };
    },
  };
}

let shared: ContractRegistry | null = null;

/** The process-wide registry of the repository's schema files (lazy: read on first use). */
export function contractRegistry(): ContractRegistry {
  shared ??= createContractRegistry();
  return shared;
}

export function validatePayload(topic: string, payload: unknown): ValidationOutcome {
  return contractRegistry().validatePayload(topic, payload);
}

/** Tests register the schema of their private topics here. */
export function registerContract(topic: string, schema: object): void {
  contractRegistry().register(topic, schema);
}
