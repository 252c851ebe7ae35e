/**
 * PIN_ROLES, parsed (decision 0516): the roles this process runs and, for the consumers role,
 * which bounded contexts' consumers. Pure: the settings map turns a refusal into a ConfigError.
 *
 *   api,consumers,workers          every role, every consumer (the default)
 *   consumers:chessboard           only the chessboard context's consumers
 *   consumers:chessboard+catalog   the consumers of those two contexts
 *   consumers:-chessboard          every consumer but the chessboard context's
 */
export type Role = "api" | "consumers" | "workers";
export const ROLES: readonly Role[] = ["api", "consumers", "workers"];

/** The bounded contexts that own consumers (src/consumers tags each factory with one). */
export const CONSUMER_CONTEXTS = [
  "chessboard",
  "crm",
  "catalog",
  "devstats",
  "messenger",
  "notifications",
] as const;
export type ConsumerContext = (typeof CONSUMER_CONTEXTS)[number];

/** Which contexts' consumers the consumers role runs. */
export type ConsumerSelection =
  | { readonly kind: "all" }
  | { readonly kind: "only" | "except"; readonly contexts: readonly ConsumerContext[] };

export interface RoleSelection {
  readonly roles: Role[];
  readonly consumers: ConsumerSelection;
}

export type RolesParse =
  | { readonly ok: true; readonly value: RoleSelection }
  | { readonly ok: false; readonly reason: string };

const EVERYTHING: RoleSelection = { roles: [...ROLES], consumers: { kind: "all" } };

function isContext(name: string): name is ConsumerContext {
  return (CONSUMER_CONTEXTS as readonly string[]).includes(name);
}

function contextsOf(spec: string): { ok: true; value: ConsumerSelection } | { ok: false; reason: string } {
  const except = spec.startsWith("-");
  const names = (except ? spec.slice(1) : spec).split("+").map((n) => n.trim());
  if (names.some((n) => n === ""))
    return {
      ok: false,
      reason: `"consumers:${spec}" names no context (allowed: ${CONSUMER_CONTEXTS.join(", ")})`,
    };
  const unknown = names.find((n) => !isContext(n));
  if (unknown !== undefined)
    return {
      ok: false,
      reason: `unknown consumer context "${unknown}" (allowed: ${CONSUMER_CONTEXTS.join(", ")})`,
    };
  const contexts = [...new Set(names)].filter(isContext);
  return { ok: true, value: { kind: except ? "except" : "only", contexts } };
}

/** PIN_ROLES as written; unset or blank → every role and every consumer. */
export function parseRoles(raw: string | undefined): RolesParse {
  if (raw === undefined || raw.trim() === "") return { ok: true, value: EVERYTHING };
  const roles = new Set<Role>();
  let consumers: ConsumerSelection | null = null;
  for (const item of raw
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean)) {
    const [role = "", spec] = item.split(/:(.*)/s, 2);
    if (!(ROLES as readonly string[]).includes(role))
      return { ok: false, reason: `unknown role "${role}" (allowed: ${ROLES.join(", ")})` };
    if (spec !== undefined && role !== "consumers")
      return { ok: false, reason: `"${item}": only the consumers role takes a selection of contexts` };
    if (role === "consumers") {
      if (consumers !== null) return { ok: false, reason: "the consumers role is named twice" };
      const selected =
        spec === undefined ? { ok: true as const, value: { kind: "all" as const } } : contextsOf(spec);
      if (!selected.ok) return selected;
      consumers = selected.value;
    }
    roles.add(role as Role);
  }
  return { ok: true, value: { roles: [...roles], consumers: consumers ?? { kind: "all" } } };
}

/** Whether the consumers role of this process runs the consumers of `context`. */
export function runsConsumersOf(selection: ConsumerSelection, context: ConsumerContext): boolean {
  if (selection.kind === "all") return true;
  const named = selection.contexts.includes(context);
  return selection.kind === "only" ? named : !named;
}
