import { parse } from "graphql";
import { createYoga } from "graphql-yoga";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createServices, liveAndLimits } from "../../../src/app.js";
import type { GraphQLContext } from "../../../src/graphql/context.js";
import { LIVE_MAX_QUEUE } from "../../../src/graphql/live/chessboard-live.js";
import { createLiveHub, type LiveDelta } from "../../../src/graphql/live/chessboard-live-hub.js";
import { schema } from "../../../src/graphql/schema/index.js";
import { useSharedSubscriptionExecution } from "../../../src/graphql/shared-subscription-execution.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";
import { subscribeUpdates } from "../chessboard/live-grid-client.js";

// A different selection set of the same subscription: no version, no status.
const PRICES_ONLY = `subscription($buildingId: ID) {
  chessboardUpdates(buildingId: $buildingId) {
    __typename
    ... on PropertyObjectPriceDelta { propertyObjectId price }
  }
}`;

const SAME_BUILDING_STATUS = `subscription($b: ID) {
  chessboardUpdates(buildingId: $b) {
    __typename
    ... on PropertyObjectStatusDelta { propertyObjectId status version }
  }
}`;

describeWithService("postgres", "shared execution of subscription events", () => {
  let t: TestApp;
  let structure: Structure;
  let manager: string;
  let agent: string;

  beforeAll(async () => {
    const clock = new ManualClock(new Date());
    t = await startTestApp({ clock });
    structure = await createStructure(t.db, clock, 2);
    manager = await t.tokenFor("developer_manager", { tenantId: structure.developerId });
    agent = await t.tokenFor("agent");
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("two subscribers to the same building get identical deltas; a different selection set gets its own shape", async () => {
    const first = structure.objectIds[0]!;
    const a = subscribeUpdates(t.wsClient(agent), { buildingId: structure.buildingId });
    const b = subscribeUpdates(t.wsClient(await t.tokenFor("investor")), {
      buildingId: structure.buildingId,
    });
    const pricesClient = t.wsClient(agent);
    const prices = pricesClient.iterate<{ chessboardUpdates: Record<string, unknown> }>({
      query: PRICES_ONLY,
      variables: { buildingId: structure.buildingId },
    });
    expect((await a.next()).__typename).toBe("ChessboardSnapshot");
    expect((await b.next()).__typename).toBe("ChessboardSnapshot");
    expect((await prices.next()).value?.data?.chessboardUpdates.__typename).toBe("ChessboardSnapshot");

    const changed = await t.graphql<{ changePropertyObjectPrice: { __typename: string } }>(
      `mutation($id: ID!, $p: Decimal!) { changePropertyObjectPrice(id: $id, price: $p) { __typename } }`,
      { id: first, p: "11000000.00" },
      manager,
    );
    expect(changed.errors).toBeUndefined();

    const [fromA] = (await a.until((m) => m.propertyObjectId === first)).slice(-1);
    const [fromB] = (await b.until((m) => m.propertyObjectId === first)).slice(-1);
    expect(fromA).toEqual({
      __typename: "PropertyObjectPriceDelta",
      propertyObjectId: first,
      price: "11000000.00",
      version: 2,
    });
    expect(fromB).toEqual(fromA);
    const own = await prices.next();
    expect(own.value).toEqual({
      data: {
        chessboardUpdates: {
          __typename: "PropertyObjectPriceDelta",
          propertyObjectId: first,
          price: "11000000.00",
        },
      },
    });
    await a.close();
    await b.close();
    await prices.return?.();
  });

  it("one execution per delta and document+variables: subscribers share the ExecutionResult, other documents do not", async () => {
    const hub = createLiveHub({ maxQueue: LIVE_MAX_QUEUE });
    const log = createMemoryLogger();
    const yoga = createYoga<Record<string, unknown>, GraphQLContext>({
      schema,
      logging: false,
      plugins: [useSharedSubscriptionExecution()],
    });
    const context = (role: "agent" | "investor"): GraphQLContext => ({
      viewer: { userId: DEMO_USERS[role].userId, roles: [role], tenantId: DEMO_USERS[role].tenantId },
      deps: {
        log: log.logger,
        metrics: t.metrics,
        settings: t.settings,
        services: createServices({ db: t.db, clock: t.clock, log: log.logger, metrics: t.metrics }),
        ...liveAndLimits({ chessboard: hub }),
      },
      requestId: role,
      log: log.logger,
    });
    const open = async (query: string, variables: Record<string, unknown>, role: "agent" | "investor") => {
      const { subscribe } = yoga.getEnveloped({});
      const stream = (await subscribe({
        schema,
        document: parse(query),
        variableValues: variables,
        contextValue: context(role),
      })) as AsyncIterableIterator<unknown>;
      const snapshot = (await stream.next()).value as { data: { chessboardUpdates: { __typename: string } } };
      expect(snapshot.data.chessboardUpdates.__typename).toBe("ChessboardSnapshot");
      return stream;
    };
    const agentStream = await open(SAME_BUILDING_STATUS, { b: structure.buildingId }, "agent");
    const investorStream = await open(SAME_BUILDING_STATUS, { b: structure.buildingId }, "investor");
    const otherDocument = await open(PRICES_ONLY, { buildingId: structure.buildingId }, "agent");

    const delta: LiveDelta = {
      kind: "status",
      propertyObjectId: structure.objectIds[1]!,
      buildingId: structure.buildingId,
      projectId: structure.projectId,
      version: 9,
      fromStatus: "Free",
      status: "Hidden",
      reservedUntil: null,
      bookedUntil: null,
      soldAt: null,
      changedAt: new Date(),
    };
    expect(hub.publish(delta)).toBe(3);
    const [fromAgent, fromInvestor, fromOther] = await Promise.all(
      [agentStream, investorStream, otherDocument].map(async (s) => (await s.next()).value),
    );
    expect(fromAgent).toEqual({
      data: {
        chessboardUpdates: {
          __typename: "PropertyObjectStatusDelta",
          propertyObjectId: delta.propertyObjectId,
          status: "Hidden",
          version: 9,
        },
      },
    });
    expect(fromInvestor).toBe(fromAgent);
    expect(fromOther).not.toBe(fromAgent);
    expect(fromOther).toEqual({ data: { chessboardUpdates: { __typename: "PropertyObjectStatusDelta" } } });
    for (const s of [agentStream, investorStream, otherDocument]) await s.return?.();
    expect(hub.subscribers()).toBe(0);
  });
});
