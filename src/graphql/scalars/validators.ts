import type { StandardSchemaV1 } from "@pothos/plugin-validation";
import {
  TEXT_LIMITS,
  TEXT_PROBLEM_MESSAGES,
  type TextRule,
  textProblem,
} from "../../platform/validation/text.js";

/**
 * Argument and input-field validators for the Pothos validation plugin (Standard Schema, no
 * library): `t.arg.string({ validate: text(TEXT.medium) })`. A failure becomes a ValidationError
 * with code INVALID_INPUT naming the argument (builder.ts), i.e. the typed `ValidationError`
 * result on fields with `errors: {}`.
 */
export const TEXT = {
  /** one line, 1..256: names, titles, numbers, file ids */
  short: { max: TEXT_LIMITS.short } satisfies TextRule,
  /** multi-line, 1..1000: reasons, comments (the event contracts' Reason limit) */
  medium: { max: TEXT_LIMITS.medium, multiline: true } satisfies TextRule,
  /** multi-line, 1..4000: descriptions */
  long: { max: TEXT_LIMITS.long, multiline: true } satisfies TextRule,
} as const;

function validator<T>(check: (value: T) => string | null): StandardSchemaV1<T, T> {
  return {
    "~standard": {
      version: 1,
      vendor: "pin",
      validate(value) {
        if (value === null || value === undefined) return { value: value as T };
        const problem = check(value as T);
        return problem ? { issues: [{ message: problem }] } : { value: value as T };
      },
    },
  };
}

/** A text under a rule (no NUL/control characters, no lone surrogates, length in code points). */
export function text(rule: TextRule, field = "text"): StandardSchemaV1<string, string> {
  return validator<string>((value) => {
    const problem = textProblem(value, rule);
    return problem ? TEXT_PROBLEM_MESSAGES[problem](field, rule) : null;
  });
}

/** An integer in [min, max]. */
export function intRange(min: number, max: number, field = "number"): StandardSchemaV1<number, number> {
  return validator<number>((value) =>
    Number.isInteger(value) && value >= min && value <= max ? null : `${field} must be ${min}..${max}`,
  );
}

/** A list of at most `max` items. */
export function listMax<T>(max: number, field = "list"): StandardSchemaV1<T[], T[]> {
  return validator<T[]>((value) => (value.length <= max ? null : `${field} has more than ${max} items`));
}
