import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

/**
 * Issue #42 item 1, decisions 0617–0618: a caller already refused in its rate window is answered
 * before its body is read — RATE_LIMITED, 429, Retry-After — and that answer is held (the tarpit).
 * The first refusal of a window takes the ordinary path; callers not refused are untouched.
 */
type Answer = { status: number; retryAfter: string | null; code: unknown };

let t: TestApp;

async function send(body: string, from: { address: string; token?: string }): Promise<Answer> {
  const response = await fetch(t.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": from.address,
      ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
    },
    body,
  });
  const text = await response.text();
  let code: unknown;
  try {
    code = (JSON.parse(text) as { errors?: Array<{ extensions?: { code?: unknown } }> }).errors?.[0]
      ?.extensions?.code;
  } catch {
    code = text;
  }
  return { status: response.status, retryAfter: response.headers.get("retry-after"), code };
}

const VIEWER = JSON.stringify({ query: "{ viewer { userId } }" });
const MALFORMED = '{"query": "{ viewer { userId } ';

/** The limiter's windows are whole clock minutes: a step that spends then checks must not straddle two. */
async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
}

async function metric(name: string, label: string): Promise<number> {
  const text = await t.metrics.metrics();
  const line = text.split("\n").find((l) => l.startsWith(name) && l.includes(label));
  return line ? Number(line.split(" ").pop()) : 0;
}

beforeAll(async () => {
  t = await startTestApp({
    roles: ["api"],
    env: {
      PIN_TRUST_PROXY: "loopback",
      PIN_RATE_LIMIT_ANONYMOUS_PER_MINUTE: "3",
      PIN_RATE_LIMIT_USER_PER_MINUTE: "2",
      PIN_RATE_LIMIT_ADDRESS_PER_MINUTE: "6",
      PIN_STOREFRONT_COST_ANONYMOUS_PER_MINUTE: "100",
    },
  });
});
afterAll(async () => {
  await t?.stop();
});

describe("a caller already refused in its window", () => {
  it("is answered RATE_LIMITED before its body is parsed: a malformed body still gets 429 and Retry-After", async () => {
    await awayFromMinuteEnd();
    const from = { address: "10.77.0.1" };
    for (let i = 0; i < 3; i++) expect((await send(VIEWER, from)).status).toBe(200);
    const heldBefore = await metric("pin_api_known_refusals_total", 'answer="held"');
    // the first refusal of the window: the ordinary path (yoga's per-caller rate)
    const first = await send(VIEWER, from);
    expect(first).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    // known now: not parsed — invalid JSON is refused as over the rate, not as a bad request
    const known = await send(MALFORMED, from);
    expect(known).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(Number(known.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(known.retryAfter)).toBeLessThanOrEqual(60);
    expect(await metric("pin_api_known_refusals_total", 'answer="held"')).toBe(heldBefore + 1);
    expect(await metric("pin_api_requests_refused_total", 'reason="rate_anonymous"')).toBeGreaterThanOrEqual(
      2,
    );
    // another caller's malformed body is parsed as before (a bad request, not a refusal)
    expect((await send(MALFORMED, { address: "10.77.0.2" })).status).toBe(400);
  });

  it("a signed-in caller is known by its token: another token of the address is served", async () => {
    await awayFromMinuteEnd();
    const address = "10.77.1.1";
    const agent = await t.tokenFor("agent");
    for (let i = 0; i < 2; i++) expect((await send(VIEWER, { address, token: agent })).status).toBe(200);
    expect(await send(VIEWER, { address, token: agent })).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
    });
    expect(await send(MALFORMED, { address, token: agent })).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
    });
    // the investor from the same address has its own budget; so does the address without a token
    const investor = await t.tokenFor("investor");
    expect((await send(VIEWER, { address, token: investor })).status).toBe(200);
    expect((await send(VIEWER, { address })).status).toBe(200);
  });

  it("an address over its per-address rate is refused whatever it sends, token or not", async () => {
    await awayFromMinuteEnd();
    const address = "10.77.2.1";
    // six callers of one address, each within its own rate: the address's 6 a minute are spent
    const tokens = await Promise.all(
      Array.from({ length: 6 }, () => t.tokenFor("agent", { userId: randomUUID() })),
    );
    for (const token of tokens) expect((await send(VIEWER, { address, token })).status).toBe(200);
    const before = await metric("pin_api_known_refusals_total", 'answer="held"');
    expect(await send(VIEWER, { address, token: tokens[0] })).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
    });
    const known = await send(MALFORMED, { address });
    expect(known).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(known.retryAfter).toMatch(/^\d+$/);
    expect(await metric("pin_api_known_refusals_total", 'answer="held"')).toBe(before + 1);
  });

  it("a storefront budget refusal is held when repeated, and does not refuse the caller's other operations", async () => {
    await awayFromMinuteEnd();
    const from = { address: "10.77.3.1" };
    const facets = JSON.stringify({
      query: `{ ${Array.from({ length: 3 }, (_, i) => `f${i}: catalogFilters { total }`).join(" ")} }`,
    });
    expect(await send(facets, from)).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    // refused again in the window: the same answer, held (decision 0619)
    const held = await metric("pin_graphql_storefront_refusals_held_total", "");
    const again = await send(facets, from);
    expect(again).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(again.retryAfter).toMatch(/^\d+$/);
    expect(await metric("pin_graphql_storefront_refusals_held_total", "")).toBe(held + 1);
    // not refused for it: its other operations go on
    expect((await send(VIEWER, from)).status).toBe(200);
  });
});
