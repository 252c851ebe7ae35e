import type { Plugin } from "graphql-yoga";

const INTERNAL_KEYS = ["originalError", "exception", "stacktrace", "stack"] as const;

function strip(result: unknown): void {
  if (typeof result !== "object" || result === null) return;
  if (Array.isArray(result)) {
    for (const item of result) strip(item);
    return;
  }
  const errors = (result as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return;
  for (const error of errors) {
    const extensions = (error as { extensions?: Record<string, unknown> }).extensions;
    if (!extensions) continue;
    for (const key of INTERNAL_KEYS) delete extensions[key];
  }
}

/**
 * No internal detail in any response (issue #13 item 6): yoga itself attaches `originalError`
 * (e.g. the JSON parser's message) to some request errors whatever the masking mode; this
 * removes such keys from every error of every result before it is serialized. Logs keep them.
 */
export function useNoInternalDetail(): Plugin {
  return {
    onResultProcess({ result }) {
      strip(result);
    },
  };
}
