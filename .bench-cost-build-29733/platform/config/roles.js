const ROLES = ["api", "consumers", "workers"];
const CONSUMER_CONTEXTS = [
  "chessboard",
  "crm",
  "catalog",
  "devstats",
  "messenger",
  "notifications"
];
const EVERYTHING = { roles: [...ROLES], consumers: { kind: "all" } };
function isContext(name) {
  return CONSUMER_CONTEXTS.includes(name);
}
function contextsOf(spec) {
  const except = spec.startsWith("-");
  const names = (except ? spec.slice(1) : spec).split("+").map((n) => n.trim());
  if (names.some((n) => n === ""))
    return {
      ok: false,
      reason: `"consumers:${spec}" names no context (allowed: ${CONSUMER_CONTEXTS.join(", ")})`
    };
  const unknown = names.find((n) => !isContext(n));
  if (unknown !== void 0)
    return {
      ok: false,
      reason: `unknown consumer context "${unknown}" (allowed: ${CONSUMER_CONTEXTS.join(", ")})`
    };
  const contexts = [...new Set(names)].filter(isContext);
  return { ok: true, value: { kind: except ? "except" : "only", contexts } };
}
function parseRoles(raw) {
  if (raw === void 0 || raw.trim() === "") return { ok: true, value: EVERYTHING };
  const roles = /* @__PURE__ */ new Set();
  let consumers = null;
  for (const item of raw.split(",").map((r) => r.trim()).filter(Boolean)) {
    const [role = "", spec] = item.split(/:(.*)/s, 2);
    if (!ROLES.includes(role))
      return { ok: false, reason: `unknown role "${role}" (allowed: ${ROLES.join(", ")})` };
    if (spec !== void 0 && role !== "consumers")
      return { ok: false, reason: `"${item}": only the consumers role takes a selection of contexts` };
    if (role === "consumers") {
      if (consumers !== null) return { ok: false, reason: "the consumers role is named twice" };
      const selected = spec === void 0 ? { ok: true, value: { kind: "all" } } : contextsOf(spec);
      if (!selected.ok) return selected;
      consumers = selected.value;
    }
    roles.add(role);
  }
  return { ok: true, value: { roles: [...roles], consumers: consumers ?? { kind: "all" } } };
}
function runsConsumersOf(selection, context) {
  if (selection.kind === "all") return true;
  const named = selection.contexts.includes(context);
  return selection.kind === "only" ? named : !named;
}
export {
  CONSUMER_CONTEXTS,
  ROLES,
  parseRoles,
  runsConsumersOf
};
//# sourceMappingURL=roles.js.map
