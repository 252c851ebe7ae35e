import { GraphQLError, visit } from "graphql";
import {
  safeStringProblem,
  TEXT_LIMITS,
  TEXT_PROBLEM_MESSAGES
} from "../../platform/validation/text.js";
import { LIMITS } from "./limits.js";
const INVALID_INPUT = "INVALID_INPUT";
function refusal(message) {
  return new GraphQLError(message, { extensions: { code: INVALID_INPUT, http: { status: 400 } } });
}
function variablesProblem(variables) {
  let nodes = 0;
  const walk = (value, depth, path) => {
    if (++nodes > LIMITS.maxVariableNodes)
      return `variables hold more than ${LIMITS.maxVariableNodes} values`;
    if (typeof value === "string") {
      const problem = safeStringProblem(value);
      return problem ? TEXT_PROBLEM_MESSAGES[problem](path || "a variable") : null;
    }
    if (value === null || typeof value !== "object") return null;
    if (depth >= LIMITS.maxVariableDepth)
      return `variables are nested deeper than ${LIMITS.maxVariableDepth}`;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key, item] of entries) {
      const keyProblem = safeStringProblem(key, TEXT_LIMITS.short);
      if (keyProblem) return TEXT_PROBLEM_MESSAGES[keyProblem]("a variable name");
      const found = walk(item, depth + 1, path ? `${path}.${key}` : `$${key}`);
      if (found) return found;
    }
    return null;
  };
  return walk(variables ?? {}, 0, "");
}
function documentProblem(document) {
  let found = null;
  let listDepth = 0;
  visit(document, {
    ListValue: {
      enter() {
        listDepth++;
        if (listDepth > LIMITS.maxVariableDepth && !found)
          found = `a list literal is nested deeper than ${LIMITS.maxVariableDepth}`;
      },
      leave() {
        listDepth--;
      }
    },
    StringValue(node) {
      if (found) return;
      const problem = safeStringProblem(node.value);
      if (problem) found = TEXT_PROBLEM_MESSAGES[problem]("a string argument");
    }
  });
  return found;
}
function useInputGuard() {
  const documents = /* @__PURE__ */ new WeakMap();
  const problemOf = (document) => {
    let problem = documents.get(document);
    if (problem === void 0) {
      problem = documentProblem(document);
      documents.set(document, problem);
    }
    return problem;
  };
  const check = (document, variables) => variablesProblem(variables) ?? problemOf(document);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const problem = check(args.document, args.variableValues);
      if (problem) setResultAndStopExecution({ errors: [refusal(problem)] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const problem = check(args.document, args.variableValues);
      if (problem) setResultAndStopExecution({ errors: [refusal(problem)] });
    }
  };
}
export {
  INVALID_INPUT,
  documentProblem,
  useInputGuard,
  variablesProblem
};
//# sourceMappingURL=input-guard.js.map
