/**
 * The rewards internal API, asked for the agent commission of one lot (matching by layout, layout
 * group, rooms, area and property type is rewards' business; decision 0088 fixes the wire shape).
 * Failures never throw: a lot event must not fail because rewards is down — the caller keeps the
 * previous commission and counts a deferred recompute.
 */
import { toHundredths } from "../vocabulary/numbers.js";

export interface CommissionQuery {
  readonly propertyObjectId: string;
  readonly projectId: string;
  readonly developerId: string;
  readonly layoutId: string | null;
  readonly layoutGroupId: string | null;
  readonly rooms: number;
  readonly totalArea: string;
  readonly propertyType: string | null;
}

export type CommissionResult =
  /** rewards answered: the commission in roubles, or null when no rule matches */
  | { readonly kind: "matched"; readonly commission: string | null }
  | { readonly kind: "unavailable"; readonly reason: string }
  /** no rewards URL configured (embedded mode): the commission stays null */
  | { readonly kind: "disabled" };

export interface RewardsClient {
  readonly enabled: boolean;
  commissionFor(query: CommissionQuery): Promise<CommissionResult>;
}

export const REWARDS_COMMISSION_PATH = "/internal/v1/agent-commission/match";
const MAX_RESPONSE_BYTES = 4096;
const MAX_COMMISSION_HUNDREDTHS = 10n ** 14n;

export interface RewardsClientOptions {
  readonly baseUrl: string | null;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

export function createRewardsClient(options: RewardsClientOptions): RewardsClient {
  const { baseUrl, timeoutMs } = options;
  const doFetch = options.fetch ?? fetch;
  if (!baseUrl) return { enabled: false, commissionFor: async () => ({ kind: "disabled" }) };
  const endpoint = new URL(REWARDS_COMMISSION_PATH, baseUrl).toString();

  return {
    enabled: true,
    async commissionFor(query) {
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(query),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : "Error";
        return { kind: "unavailable", reason: name === "TimeoutError" ? "timeout" : `network: ${name}` };
      }
      try {
        if (!response.ok) return { kind: "unavailable", reason: `http ${response.status}` };
        const text = await response.text();
        if (text.length > MAX_RESPONSE_BYTES) return { kind: "unavailable", reason: "response too large" };
        return parseCommission(JSON.parse(text) as unknown);
      } catch {
        return { kind: "unavailable", reason: "malformed response" };
      }
    },
  };
}

/** `{ "commission": "125000.00" | null }`; anything else is treated as rewards being unavailable. */
export function parseCommission(body: unknown): CommissionResult {
  if (typeof body !== "object" || body === null || !("commission" in body)) {
    return { kind: "unavailable", reason: "malformed response" };
  }
  const value = (body as { commission: unknown }).commission;
  if (value === null) return { kind: "matched", commission: null };
  if (typeof value !== "string") return { kind: "unavailable", reason: "malformed response" };
  const hundredths = toHundredths(value);
  if (hundredths === null || hundredths < 0n || hundredths >= MAX_COMMISSION_HUNDREDTHS) {
    return { kind: "unavailable", reason: "commission out of range" };
  }
  return { kind: "matched", commission: value };
}
