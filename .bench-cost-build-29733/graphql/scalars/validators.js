import {
  TEXT_LIMITS,
  TEXT_PROBLEM_MESSAGES,
  textProblem
} from "../../platform/validation/text.js";
const TEXT = {
  /** one line, 1..256: names, titles, numbers, file ids */
  short: { max: TEXT_LIMITS.short },
  /** multi-line, 1..1000: reasons, comments (the event contracts' Reason limit) */
  medium: { max: TEXT_LIMITS.medium, multiline: true },
  /** multi-line, 1..4000: descriptions */
  long: { max: TEXT_LIMITS.long, multiline: true }
};
function validator(check) {
  return {
    "~standard": {
      version: 1,
      vendor: "pin",
      validate(value) {
        if (value === null || value === void 0) return { value };
        const problem = check(value);
        return problem ? { issues: [{ message: problem }] } : { value };
      }
    }
  };
}
function text(rule, field = "text") {
  return validator((value) => {
    const problem = textProblem(value, rule);
    return problem ? TEXT_PROBLEM_MESSAGES[problem](field, rule) : null;
  });
}
function intRange(min, max, field = "number") {
  return validator(
    (value) => Number.isInteger(value) && value >= min && value <= max ? null : `${field} must be ${min}..${max}`
  );
}
function listMax(max, field = "list") {
  return validator((value) => value.length <= max ? null : `${field} has more than ${max} items`);
}
export {
  TEXT,
  intRange,
  listMax,
  text
};
//# sourceMappingURL=validators.js.map
