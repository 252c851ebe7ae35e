import { createTokenService } from "../../../src/platform/auth/jwt.js";
import type { UserRole } from "../../../src/platform/auth/viewer.js";
import { TEST_JWT_SECRET } from "../../support/app.js";

/**
 * The driver's GraphQL client over the api processes: round robin over the bases, a request that
 * finds its process gone goes to the next one. A failure after the request may have been received
 * (connection reset, a timeout, a 5xx) is "unknown": the command may or may not have been
 * applied, and the driver re-reads the truth before going on.
 */
export type CommandResult =
  | { readonly kind: "ok"; readonly id: string | null }
  | { readonly kind: "refused"; readonly code: string }
  | { readonly kind: "unknown"; readonly reason: string };

const REQUEST_TIMEOUT_MS = 20_000;
const tokens = createTokenService({ secret: TEST_JWT_SECRET, issuer: "pin-platform" });

export interface ApiClient {
  token(role: UserRole, userId: string, tenantId?: string | null): Promise<string>;
  /** One mutation; `args` are literal GraphQL arguments built by the caller from ids and numbers */
  mutate(name: string, args: string, token: string, idField?: boolean): Promise<CommandResult>;
  readonly counts: { requests: number; unknown: number; refused: Map<string, number> };
}

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function createApiClient(bases: () => readonly string[]): ApiClient {
  let turn = 0;
  const cache = new Map<string, string>();
  const counts = { requests: 0, unknown: 0, refused: new Map<string, number>() };
  return {
    counts,
    async token(role, userId, tenantId = null) {
      const key = `${role}:${userId}:${tenantId}`;
      let t = cache.get(key);
      if (!t) {
        t = await tokens.sign({ userId, roles: [role], tenantId });
        cache.set(key, t);
      }
      return t;
    },
    async mutate(name, args, token, idField = false) {
      counts.requests++;
      const success = `Mutation${capitalised(name)}Success`;
      const query = `mutation { ${name}(${args}) { __typename ... on Error { code } ${idField ? `... on ${success} { data { id } }` : ""} } }`;
      const all = bases();
      for (let attempt = 0; attempt < all.length; attempt++) {
        const base = all[turn++ % all.length] as string;
        let response: Response;
        try {
          response = await fetch(`${base}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ query }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
        } catch (error) {
          // Refused before anything was sent: that process is down, the next one gets the command.
          if (refusedConnection(error)) continue;
          counts.unknown++;
          return { kind: "unknown", reason: String(error) };
        }
        const body = (await response.json().catch(() => null)) as {
          data?: Record<string, { __typename: string; code?: string; data?: { id: string } } | null>;
          errors?: Array<{ message: string; extensions?: { code?: string } }>;
        } | null;
        const result = body?.data?.[name];
        if (!result) {
          counts.unknown++;
          return { kind: "unknown", reason: `${response.status} ${JSON.stringify(body?.errors ?? body)}` };
        }
        if (result.__typename === success) return { kind: "ok", id: result.data?.id ?? null };
        const code = result.code ?? result.__typename;
        counts.refused.set(code, (counts.refused.get(code) ?? 0) + 1);
        return { kind: "refused", code };
      }
      counts.unknown++;
      return { kind: "unknown", reason: "no api process answers" };
    },
  };
}

function refusedConnection(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === "ECONNREFUSED";
}
