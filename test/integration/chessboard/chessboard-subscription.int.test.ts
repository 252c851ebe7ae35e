import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_DEVELOPER_ID } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, type Structure } from "./chessboard-fixtures.js";
import { createGridState, subscribeUpdates, UPDATES_SUBSCRIPTION } from "./live-grid-client.js";

describeWithService("postgres", "chessboardUpdates subscription over graphql-ws (local event log)", () => {
  let t: TestApp;
  let structure: Structure;
  let manager: string;
  let agent: string;

  async function mutate(query: string, variables: Record<string, unknown>) {
    const result = await t.graphql<Record<string, { __typename: string }>>(query, variables, manager);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return Object.values(result.data!)[0]!;
  }
  const changePrice = (id: string, price: string) =>
    mutate(
      `mutation($id: ID!, $p: Decimal!) { changePropertyObjectPrice(id: $id, price: $p) { __typename } }`,
      { id, p: price },
    );
  const setHidden = (id: string, hidden: boolean) =>
    mutate(
      `mutation($id: ID!, $h: Boolean!) { setPropertyObjectHidden(id: $id, hidden: $h) { __typename } }`,
      { id, h: hidden },
    );

  beforeAll(async () => {
    const clock = new ManualClock(new Date());
    t = await startTestApp({ clock });
    structure = await createStructure(t.db, clock, 3);
    // Developer staff of the structure's developer (a random tenant id in the fixture).
    manager = await t.tokenFor("developer_manager", { tenantId: structure.developerId });
    agent = await t.tokenFor("agent");
    expect(DEMO_DEVELOPER_ID).not.toBe(structure.developerId);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("first a snapshot, then status and price deltas each carrying the object's version", async () => {
    const [first, second] = structure.objectIds as [string, string];
    const state = createGridState();
    const updates = subscribeUpdates(t.wsClient(agent), { buildingId: structure.buildingId });
    const snapshot = await updates.next();
    expect(snapshot.__typename).toBe("ChessboardSnapshot");
    expect(state.apply(snapshot)).toBe("replaced");
    expect(state.cells.get(first)).toEqual({ status: "Free", price: "10000000.00", version: 1 });

    expect((await changePrice(first, "12000000.00")).__typename).toBe(
      "MutationChangePropertyObjectPriceSuccess",
    );
    const [priceDelta] = await updates.until((m) => m.propertyObjectId === first);
    expect(priceDelta).toMatchObject({
      __typename: "PropertyObjectPriceDelta",
      price: "12000000.00",
      version: 2,
    });
    expect(state.apply(priceDelta!)).toBe("applied");

    await setHidden(second, true);
    const seen = await updates.until((m) => m.propertyObjectId === second);
    expect(seen.at(-1)).toMatchObject({
      __typename: "PropertyObjectStatusDelta",
      status: "Hidden",
      version: 2,
    });
    state.apply(seen.at(-1)!);
    // a redelivered (older or equal) delta is dropped by the client's version check
    expect(state.apply(priceDelta!)).toBe("dropped");
    await updates.close();
  });

  it("a client that reconnects gets a fresh snapshot with what changed while it was away", async () => {
    const third = structure.objectIds[2]!;
    const before = subscribeUpdates(t.wsClient(agent), { buildingId: structure.buildingId });
    const state = createGridState();
    state.apply(await before.next());
    const heldVersion = state.cells.get(third)!.version;
    await before.close();

    await changePrice(third, "9000000.00"); // missed while disconnected

    const after = subscribeUpdates(t.wsClient(agent), { buildingId: structure.buildingId });
    const snapshot = await after.next();
    expect(snapshot.__typename).toBe("ChessboardSnapshot");
    state.apply(snapshot);
    expect(state.cells.get(third)).toMatchObject({ price: "9000000.00" });
    expect(state.cells.get(third)!.version).toBeGreaterThan(heldVersion);
    await after.close();
  });

  it("a project subscription receives deltas of every building of the project", async () => {
    const first = structure.objectIds[0]!;
    const updates = subscribeUpdates(t.wsClient(agent), { projectId: structure.projectId });
    expect((await updates.next()).__typename).toBe("ChessboardSnapshot");
    await changePrice(first, "12500000.00");
    const seen = await updates.until((m) => m.propertyObjectId === first && m.price === "12500000.00");
    expect(seen.at(-1)?.__typename).toBe("PropertyObjectPriceDelta");
    await updates.close();
  });

  it("the same subscription is served over SSE: the first event is the snapshot", async () => {
    const controller = new AbortController();
    const response = await fetch(t.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        authorization: `Bearer ${agent}`,
      },
      body: JSON.stringify({ query: UPDATES_SUBSCRIPTION, variables: { buildingId: structure.buildingId } }),
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    let text = "";
    while (!/data: .*\n/.test(text)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    const data = JSON.parse(/data: (.*)\n/.exec(text)![1]!) as {
      data: { chessboardUpdates: { __typename: string } };
    };
    expect(data.data.chessboardUpdates.__typename).toBe("ChessboardSnapshot");
  });

  it("graphql-ws authenticates on connection_init: no token, no subscription", async () => {
    const updates = subscribeUpdates(t.wsClient(null), { buildingId: structure.buildingId });
    await expect(updates.next()).rejects.toBeTruthy();
  });
});
