import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  createHeldDelays,
  createRefusalHold,
  type RefusalHold,
} from "../../../src/graphql/security/refusal-hold.js";

/**
 * Decision 0618: the held refusal (the tarpit) over a real HTTP server — answers are held, at most
 * maxHeld of them in the whole process (beyond, answered at once), each a 429 RATE_LIMITED with
 * Retry-After; stopping sends every held answer.
 */
let server: Server | undefined;
let hold: RefusalHold | undefined;

async function serve(h: RefusalHold): Promise<string> {
  hold = h;
  server = createServer((_req, res) => {
    h.answer(res, 30);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

afterEach(async () => {
  hold?.stop();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const ask = async (url: string) => {
  const response = await fetch(url, { method: "POST", body: "{}" });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await response.text(),
  };
};

describe("held refusals", () => {
  it("beyond maxHeld a refusal is answered at once; the held ones wait, then get the same answer", async () => {
    const h = createRefusalHold({ maxHeld: 2, holdMs: 1_000 });
    const url = await serve(h);
    const first = ask(url);
    const second = ask(url);
    while (h.held() < 2) await new Promise((r) => setTimeout(r, 5));
    const third = await ask(url); // the hold is full
    expect(h.held()).toBe(2);
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe("30");
    expect(JSON.parse(third.body)).toEqual({
      errors: [{ message: "Too many requests; slow down", extensions: { code: "RATE_LIMITED" } }],
    });
    for (const answer of await Promise.all([first, second])) {
      expect(answer.status).toBe(429);
      expect(answer.retryAfter).toBe("29"); // the hold's second is taken off the Retry-After
      expect(answer.body).toBe(third.body);
    }
    expect(h.held()).toBe(0);
  });

  it("stop sends every held answer at once and holds no more", async () => {
    const h = createRefusalHold({ maxHeld: 10, holdMs: 1_000 });
    const url = await serve(h);
    const pending = [ask(url), ask(url), ask(url)];
    while (h.held() < 3) await new Promise((r) => setTimeout(r, 5));
    h.stop();
    expect(h.held()).toBe(0);
    for (const answer of await Promise.all(pending)) expect(answer.status).toBe(429);
    expect((await ask(url)).status).toBe(429);
    expect(h.held()).toBe(0);
  });

  it("a caller gone while held costs nothing when its turn comes", async () => {
    const h = createRefusalHold({ maxHeld: 10, holdMs: 1_000 });
    const url = await serve(h);
    const controller = new AbortController();
    const gone = fetch(url, { method: "POST", body: "{}", signal: controller.signal }).catch(() => "aborted");
    while (h.held() < 1) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await gone).toBe("aborted");
    const next = await ask(url); // held behind the gone one; both released in order
    expect(next.status).toBe(429);
    expect(h.held()).toBe(0);
  });

  it("held delays (the storefront's refusals): at most maxHeld at once, the others at once", async () => {
    const delays = createHeldDelays({ maxHeld: 2, holdMs: 1_000 });
    const first = delays.hold();
    const second = delays.hold();
    expect(delays.held()).toBe(2);
    expect(await delays.hold()).toBe(false); // the pool is full: not held
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(delays.held()).toBe(0);
  });
});
