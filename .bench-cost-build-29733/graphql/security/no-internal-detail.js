const INTERNAL_KEYS = ["originalError", "exception", "stacktrace", "stack"];
function strip(result) {
  if (typeof result !== "object" || result === null) return;
  if (Array.isArray(result)) {
    for (const item of result) strip(item);
    return;
  }
  const errors = result.errors;
  if (!Array.isArray(errors)) return;
  for (const error of errors) {
    const extensions = error.extensions;
    if (!extensions) continue;
    for (const key of INTERNAL_KEYS) delete extensions[key];
  }
}
function useNoInternalDetail() {
  return {
    onResultProcess({ result }) {
      strip(result);
    }
  };
}
export {
  useNoInternalDetail
};
//# sourceMappingURL=no-internal-detail.js.map
