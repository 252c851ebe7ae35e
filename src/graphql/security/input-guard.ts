import { type DocumentNode, GraphQLError, visit } from "graphql";
import type { Plugin } from "graphql-yoga";
import {
  safeStringProblem,
  TEXT_LIMITS,
  TEXT_PROBLEM_MESSAGES,
  type TextProblem,
} from "../../platform/validation/text.js";
import { LIMITS } from "./limits.js";

export const INVALID_INPUT = "INVALID_INPUT";

function refusal(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: INVALID_INPUT, http: { status: 400 } } });
}

/** The first problem in the variables: too deep, too many values, or a string that cannot be stored. */
export function variablesProblem(variables: unknown): string | null {
  let nodes = 0;
  const walk = (value: unknown, depth: number, path: string): string | null => {
    if (++nodes > LIMITS.maxVariableNodes)
      return `variables hold more than ${LIMITS.maxVariableNodes} values`;
    if (typeof value === "string") {
      const problem = safeStringProblem(value);
      return problem ? TEXT_PROBLEM_MESSAGES[problem](path || "a variable") : null;
    }
    if (value === null || typeof value !== "object") return null;
    if (depth >= LIMITS.maxVariableDepth)
      return `variables are nested deeper than ${LIMITS.maxVariableDepth}`;
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [key, item] of entries) {
      const keyProblem: TextProblem | null = safeStringProblem(key, TEXT_LIMITS.short);
      if (keyProblem) return TEXT_PROBLEM_MESSAGES[keyProblem]("a variable name");
      const found = walk(item, depth + 1, path ? `${path}.${key}` : `$${key}`);
      if (found) return found;
    }
    return null;
  };
  return walk(variables ?? {}, 0, "");
}

/** The first string literal of the document that cannot be stored (NUL, lone surrogate, too long). */
export function documentProblem(document: DocumentNode): string | null {
  let found: string | null = null;
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
      },
    },
    StringValue(node) {
      if (found) return;
      const problem = safeStringProblem(node.value);
      if (problem) found = TEXT_PROBLEM_MESSAGES[problem]("a string argument");
    },
  });
  return found;
}

/**
 * Any string anywhere in a request — whatever field it is for, including fields added later — is
 * at most 10,000 characters, without NUL/control characters or lone surrogates; variables are
 * bounded in depth and size. Field-specific limits come from the validators in src/graphql/scalars.
 */
export function useInputGuard(): Plugin {
  // yoga's parser cache hands the same DocumentNode to every request of one query text, so its
  // literals are walked once, not on every request (variables differ per request: always walked).
  const documents = new WeakMap<DocumentNode, string | null>();
  const problemOf = (document: DocumentNode): string | null => {
    let problem = documents.get(document);
    if (problem === undefined) {
      problem = documentProblem(document);
      documents.set(document, problem);
    }
    return problem;
  };
  const check = (document: DocumentNode, variables: unknown) =>
    variablesProblem(variables) ?? problemOf(document);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const problem = check(args.document, args.variableValues);
      if (problem) setResultAndStopExecution({ errors: [refusal(problem)] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const problem = check(args.document, args.variableValues);
      if (problem) setResultAndStopExecution({ errors: [refusal(problem)] });
    },
  };
}
