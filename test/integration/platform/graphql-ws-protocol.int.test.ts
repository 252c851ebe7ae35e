import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";
import { UPDATES_SUBSCRIPTION } from "../chessboard/live-grid-client.js";
import { shortToken, wsConnect } from "../security/live-clients.js";

/**
 * graphql-ws' protocol over the real server, where our own operation loop (src/graphql/ws-operation.ts,
 * decision 0491) answers `subscribe` and graphql-ws keeps the rest: the messages and close codes a
 * client sees are graphql-ws' own, and every ended operation frees its user's subscription slot
 * (2 per user here, so a leaked slot shows as TOO_MANY_SUBSCRIPTIONS).
 */
describeWithService("postgres", "graphql-ws protocol: our operation loop", () => {
  let t: TestApp;
  let structure: Structure;
  const vars = () => ({ buildingId: structure.buildingId });
  const agent = async () => (await shortToken(600)).token;

  beforeAll(async () => {
    t = await startTestApp({
      clock: new ManualClock(new Date()),
      env: { PIN_WS_MAX_CONNECTIONS_PER_USER: "5", PIN_WS_MAX_SUBSCRIPTIONS_PER_USER: "2" },
    });
    structure = await createStructure(t.db, t.clock, 2);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const typesOf = (messages: Array<{ id?: string; type: string }>, id: string) =>
    messages.filter((m) => m.id === id).map((m) => m.type);

  it("a query: next, then complete; a subscription after it still fits the cap", async () => {
    const ws = await wsConnect(t.wsUrl, await agent());
    ws.subscribe("q", "query Q { __typename }", {});
    await eventually(() => typesOf(ws.messages, "q").includes("complete"), "the query's complete");
    expect(typesOf(ws.messages, "q")).toEqual(["next", "complete"]);
    expect(ws.messages.find((m) => m.id === "q")?.payload).toEqual({ data: { __typename: "Query" } });
    ws.socket.close();
  });

  it("a client's complete ends the subscription without a complete back, and frees its slot", async () => {
    const ws = await wsConnect(t.wsUrl, await agent());
    for (const round of [1, 2, 3]) {
      const id = `s${round}`;
      ws.subscribe(id, UPDATES_SUBSCRIPTION, vars());
      await eventually(() => typesOf(ws.messages, id).includes("next"), `snapshot ${round}`);
      ws.socket.send(JSON.stringify({ id, type: "complete" }));
    }
    ws.subscribe("a", UPDATES_SUBSCRIPTION, vars());
    ws.subscribe("b", UPDATES_SUBSCRIPTION, vars());
    await eventually(
      () => typesOf(ws.messages, "a").includes("next") && typesOf(ws.messages, "b").includes("next"),
      "two subscriptions under a cap of 2",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const id of ["s1", "s2", "s3"]) expect(typesOf(ws.messages, id)).toEqual(["next"]);
    ws.socket.close();
  });

  it("refusals are operation errors (the socket stays) and free their slot", async () => {
    const ws = await wsConnect(t.wsUrl, await agent());
    ws.subscribe("bad", "subscription { noSuchField }", {});
    ws.socket.send(
      JSON.stringify({
        id: "unnamed",
        type: "subscribe",
        payload: { query: UPDATES_SUBSCRIPTION, variables: vars(), operationName: "NoSuchOperation" },
      }),
    );
    await eventually(
      () =>
        typesOf(ws.messages, "bad").includes("error") && typesOf(ws.messages, "unnamed").includes("error"),
      "both refused",
    );
    const unnamed = ws.messages.find((m) => m.id === "unnamed");
    expect(unnamed?.payload).toEqual([{ message: "Unable to identify operation" }]);
    ws.subscribe("a", UPDATES_SUBSCRIPTION, vars());
    ws.subscribe("b", UPDATES_SUBSCRIPTION, vars());
    await eventually(
      () => typesOf(ws.messages, "a").includes("next") && typesOf(ws.messages, "b").includes("next"),
      "two subscriptions under a cap of 2 after the refusals",
    );
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
    ws.socket.close();
  });

  it("a duplicate id closes 4409, as graphql-ws does", async () => {
    const ws = await wsConnect(t.wsUrl, await agent());
    ws.subscribe("1", UPDATES_SUBSCRIPTION, vars());
    ws.subscribe("1", UPDATES_SUBSCRIPTION, vars());
    const closed = await ws.closed;
    expect(closed.code).toBe(4409);
    expect(closed.reason).toBe("Subscriber for 1 already exists");
  });

  it("a subscribe before connection_init closes 4401, as graphql-ws does", async () => {
    const socket = new WebSocket(t.wsUrl, "graphql-transport-ws");
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "query { __typename }" } }));
    expect(await closed).toEqual({ code: 4401, reason: "Unauthorized" });
  });
});
