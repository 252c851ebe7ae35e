import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";
import { UPDATES_SUBSCRIPTION } from "../chessboard/live-grid-client.js";
import { shortToken, sseSubscribe, wsConnect } from "./live-clients.js";

/**
 * Issue #25 items 3–4: a live stream ends at its token's expiry (WebSocket closed 4403 with a
 * reason, SSE stream ended after a TOKEN_EXPIRED event); SSE subscriptions count against the same
 * per-user caps as WebSocket ones (2 connections, 3 subscriptions here) and are not cut by the
 * request deadline (1.5 s here).
 */
describeWithService("postgres", "live streams: token expiry, SSE caps", () => {
  let t: TestApp;
  let structure: Structure;
  const vars = () => ({ buildingId: structure.buildingId });

  beforeAll(async () => {
    t = await startTestApp({
      clock: new ManualClock(new Date()),
      env: {
        PIN_WS_MAX_CONNECTIONS_PER_USER: "2",
        PIN_WS_MAX_SUBSCRIPTIONS_PER_USER: "3",
        PIN_REQUEST_TIMEOUT_MS: "1500",
      },
    });
    structure = await createStructure(t.db, t.clock, 2);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe("3. a stream outlives its token no longer (10-second tokens)", () => {
    it.concurrent("graphql-ws: the socket is closed 4403 with a reason at the token's expiry instant", async () => {
      const { token, expiresAtMs } = await shortToken(10);
      const ws = await wsConnect(t.wsUrl, token);
      ws.subscribe("1", UPDATES_SUBSCRIPTION, vars());
      await eventually(() => ws.messages.some((m) => m.id === "1" && m.type === "next"), "the snapshot");
      const closed = await ws.closed;
      expect(closed.code).toBe(4403);
      expect(closed.reason).toMatch(/token expired/i);
      expect(closed.at).toBeGreaterThanOrEqual(expiresAtMs - 50);
      expect(closed.at).toBeLessThan(expiresAtMs + 1_500);
    }, 20_000);

    it.concurrent("SSE: the stream gets a TOKEN_EXPIRED event and ends at the token's expiry instant", async () => {
      const { token, expiresAtMs } = await shortToken(10);
      const stream = await sseSubscribe(t.url, UPDATES_SUBSCRIPTION, vars(), token);
      const snapshot = await stream.nextEvent();
      expect(snapshot.errors).toBeUndefined();
      const endedAt = await stream.ended;
      expect(endedAt).toBeGreaterThanOrEqual(expiresAtMs - 50);
      expect(endedAt).toBeLessThan(expiresAtMs + 1_500);
      expect(stream.events.at(-1)?.errors?.[0]?.extensions?.code).toBe("TOKEN_EXPIRED");
    }, 20_000);
  });

  describe("4. SSE subscriptions have the WebSocket caps", () => {
    it("without a token an SSE subscription is refused (UNAUTHENTICATED), as over graphql-ws", async () => {
      const stream = await sseSubscribe(t.url, UPDATES_SUBSCRIPTION, vars(), null);
      const first = await stream.nextEvent();
      expect(first.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
      await stream.ended;
    });

    it("a user's SSE streams count as connections: the 3rd is TOO_MANY_CONNECTIONS; closing one frees its slot; the deadline does not cut them", async () => {
      const { token } = await shortToken(600, "agent", randomUUID());
      const a = await sseSubscribe(t.url, UPDATES_SUBSCRIPTION, vars(), token);
      const b = await sseSubscribe(t.url, UPDATES_SUBSCRIPTION, vars(), token);
      expect((await a.nextEvent()).errors).toBeUndefined();
      expect((await b.nextEvent()).errors).toBeUndefined();
      const c = await sseSubscribe(t.url, UPDATES_SUBSCRIPTION, vars(), token);
      expect((await c.nextEvent()).errors?.[0]?.extensions?.code).toBe("TOO_MANY_CONNECTIONS");
      await c.ended;

      // past the 1.5 s request deadline both streams are still open
      await new Promise((r) => setTimeout(r, 2_000));
      const settled = await Promise.race([a.ended.then(() => "ended"), Promise.resolve("open")]);
      expect(settled).toBe("open");

      a.abort();
      await eventually(async () => {
        const d = await sseSubscribe(t.url, UPDATES_SUBSCRIPTION, vars(), token);
        const first = await d.nextEvent();
        d.abort();
        return first.errors === undefined;
      }, "a freed slot");
      b.abort();
    }, 30_000);

    it("WebSocket and SSE share the per-user subscription cap", async () => {
      const { token } = await shortToken(600, "agent", randomUUID());
      const ws = await wsConnect(t.wsUrl, token);
      ws.subscribe("1", UPDATES_SUBSCRIPTION, vars());
      ws.subscribe("2", UPDATES_SUBSCRIPTION, vars());
      await eventually(() => ws.messages.filter((m) => m.type === "next").length >= 2, "two snapshots");
      const sse = await sseSubscribe(t.url, UPDATES_SUBSCRIPTION, vars(), token);
      expect((await sse.nextEvent()).errors).toBeUndefined();
      // 3 subscriptions now (2 over the socket, 1 over SSE): a 4th over the socket is refused
      ws.subscribe("3", UPDATES_SUBSCRIPTION, vars());
      await eventually(() => ws.messages.some((m) => m.id === "3" && m.type === "error"), "the refusal");
      const refusal = ws.messages.find((m) => m.id === "3" && m.type === "error");
      expect(JSON.stringify(refusal?.payload)).toContain("TOO_MANY_SUBSCRIPTIONS");
      sse.abort();
      ws.socket.close();
    }, 30_000);
  });
});
