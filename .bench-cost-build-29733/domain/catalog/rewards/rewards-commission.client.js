import { toHundredths } from "../vocabulary/numbers.js";
const REWARDS_COMMISSION_PATH = "/internal/v1/agent-commission/match";
const MAX_RESPONSE_BYTES = 4096;
const MAX_COMMISSION_HUNDREDTHS = 10n ** 14n;
function createRewardsClient(options) {
  const { baseUrl, timeoutMs } = options;
  const doFetch = options.fetch ?? fetch;
  if (!baseUrl) return { enabled: false, commissionFor: async () => ({ kind: "disabled" }) };
  const endpoint = new URL(REWARDS_COMMISSION_PATH, baseUrl).toString();
  return {
    enabled: true,
    async commissionFor(query) {
      let response;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(query),
          signal: AbortSignal.timeout(timeoutMs)
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : "Error";
        return { kind: "unavailable", reason: name === "TimeoutError" ? "timeout" : `network: ${name}` };
      }
      try {
        if (!response.ok) return { kind: "unavailable", reason: `http ${response.status}` };
        const text = await response.text();
        if (text.length > MAX_RESPONSE_BYTES) return { kind: "unavailable", reason: "response too large" };
        return parseCommission(JSON.parse(text));
      } catch {
        return { kind: "unavailable", reason: "malformed response" };
      }
    }
  };
}
function parseCommission(body) {
  if (typeof body !== "object" || body === null || !("commission" in body)) {
    return { kind: "unavailable", reason: "malformed response" };
  }
  const value = body.commission;
  if (value === null) return { kind: "matched", commission: null };
  if (typeof value !== "string") return { kind: "unavailable", reason: "malformed response" };
  const hundredths = toHundredths(value);
  if (hundredths === null || hundredths < 0n || hundredths >= MAX_COMMISSION_HUNDREDTHS) {
    return { kind: "unavailable", reason: "commission out of range" };
  }
  return { kind: "matched", commission: value };
}
export {
  REWARDS_COMMISSION_PATH,
  createRewardsClient,
  parseCommission
};
//# sourceMappingURL=rewards-commission.client.js.map
