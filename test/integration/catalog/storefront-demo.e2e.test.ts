import { afterAll, beforeAll, expect, it } from "vitest";
import { command as reconcile } from "../../../src/cli/catalog-reconcile.js";
import {
  DEMO_CHESSBOARD,
  seedDemoChessboard,
} from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM, seedDemoCrm } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";

interface FeedLot {
  id: string;
  propertyObjectStatus: string;
  projectId: string;
}

/**
 * End to end on the embedded transport (the local event log in PostgreSQL, as `npm start` runs it):
 * chessboard's demo structure flows into the catalog, the storefront answers from it, a booking
 * made through GraphQL reaches the public `lots` feed, and the reconciliation CLI compares the
 * cards with chessboard. (The catalog helper's booking-to-lots e2e checks the card over Kafka.)
 */
describeWithService("postgres", "e2e storefront over the demo data (embedded transport)", () => {
  let t: TestApp;

  async function feed(): Promise<FeedLot[]> {
    const r = await t.graphql<{ lots: { edges: Array<{ node: FeedLot }> } }>(
      `query($p: ID!) { lots(first: 100, sort: PRICE_ASC, filter: { projectIds: [$p] }) {
         edges { node { id propertyObjectStatus projectId } } } }`,
      { p: DEMO_CHESSBOARD.projectId },
      // signed in: the polling below would exhaust the anonymous per-minute budget (decision 0095)
      await t.tokenFor("investor"),
    );
    expect(r.errors).toBeUndefined();
    return r.data!.lots.edges.map((e) => e.node);
  }

  async function runReconcile(): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const { logger } = createMemoryLogger();
    const code = await reconcile.run([], {
      db: t.db,
      log: logger,
      clock: t.clock,
      metrics: t.metrics,
      settings: t.settings,
      databaseUrl: "",
      out: (line: string) => lines.push(line),
    } as never);
    return { code, lines };
  }

  beforeAll(async () => {
    const clock = new ManualClock(new Date());
    t = await startTestApp({ clock });
    const { logger } = createMemoryLogger();
    await seedDemoChessboard({ db: t.db, clock, log: logger });
    await seedDemoCrm({ db: t.db, clock, log: logger });
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
  });

  it("lots answers with the demo data: the demo project's Free lots are in the public feed", async () => {
    const lots = await eventually(async () => {
      const l = await feed();
      return l.length > 0 ? l : null;
    }, "demo lots in the feed");
    expect(lots.every((l) => l.projectId === DEMO_CHESSBOARD.projectId)).toBe(true);
  }, 60_000);

  it("a booking made through GraphQL reaches the lots feed as Reserved", async () => {
    const free = await eventually(
      async () => (await feed()).find((l) => l.propertyObjectStatus === "Free"),
      "a Free lot",
    );
    await eventually(
      () => t.db.crmPropertyObjectReplica.findUnique({ where: { id: free.id } }),
      "crm replica",
    );
    const booked = await t.graphql<{ createBooking: { __typename: string } }>(
      `mutation($d: ID!, $o: ID!) { createBooking(dealId: $d, propertyObjectId: $o) { __typename ... on Error { code message } } }`,
      { d: DEMO_CRM.agentDealIds[0], o: free.id },
      await t.tokenFor("agent"),
    );
    expect(booked.errors).toBeUndefined();
    expect(booked.data?.createBooking.__typename).toBe("MutationCreateBookingSuccess");
    const reserved = await eventually(
      async () => (await feed()).find((l) => l.id === free.id && l.propertyObjectStatus === "Reserved"),
      "Reserved in the lots feed",
    );
    expect(reserved.propertyObjectStatus).toBe("Reserved");
  }, 60_000);

  it("reconciliation CLI: in step → exit 0; a card behind chessboard's version is listed with exit 1", async () => {
    // Settle: every chessboard event applied (the CLI would otherwise see in-flight versions).
    const lot = (await feed())[0]!;
    // The demo publishes some status changes before their lot's upsert: the sync parks them for the
    // first retry (30 s). Until then those cards are behind — exactly what the CLI is for.
    const early = await runReconcile();
    for (const line of early.lines.slice(0, -1)) expect(line).toMatch(/^property_object .* behind /);
    (t.clock as ManualClock).advance(31_000);
    await eventually(async () => ((await runReconcile()).code === 0 ? true : null), "cards in step");
    const inStep = await runReconcile();
    expect(inStep.lines).toEqual(["catalog cards are in step with chessboard"]);

    // chessboard moved on without the catalog hearing of it (a lost event)
    await t.db
      .$executeRaw`UPDATE chessboard.property_objects SET version = version + 5 WHERE id = ${lot.id}::uuid`;
    const drift = await runReconcile();
    expect(drift.code).toBe(1);
    expect(drift.lines).toHaveLength(2);
    expect(drift.lines[0]).toContain(`property_object  ${lot.id}  behind`);
    expect(drift.lines[1]).toBe("1 card(s) out of step");
    await t.db
      .$executeRaw`UPDATE chessboard.property_objects SET version = version - 5 WHERE id = ${lot.id}::uuid`;
  }, 60_000);
});
