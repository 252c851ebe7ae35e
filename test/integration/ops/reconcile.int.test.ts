import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { command as reconcile, republishStatus } from "../../../src/cli/reconcile.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";

const clock = new ManualClock("2026-06-01T09:00:00.000Z");
let app: TestApp;
let structure: Structure;

async function run(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const deps = {
    settings: app.settings,
    log: createMemoryLogger().logger,
    db: app.db,
    clock,
    metrics: app.metrics,
    databaseUrl: app.settings.databaseUrl ?? "",
    out: (l: string) => void lines.push(l),
  };
  const code = await reconcile.run(argv, deps as never);
  return { code, lines };
}

const replicaInStep = async () => {
  const rows = await app.db.crmPropertyObjectReplica.findMany({ where: { id: { in: structure.objectIds } } });
  const board = await app.db.chessboardPropertyObject.findMany({
    where: { id: { in: structure.objectIds } },
  });
  return (
    rows.length === board.length &&
    board.every((b) => rows.some((r) => r.id === b.id && r.version === b.version && r.status === b.status))
  );
};

beforeAll(async () => {
  // All roles on the local log: the relay and crm's replica consumer run inside the app.
  app = await startTestApp({ clock });
  structure = await createStructure(app.db, clock, 3);
  await eventually(replicaInStep, {
    what: "crm's replica to follow chessboard",
    timeoutMs: 30_000,
    everyMs: 100,
  });
  clock.advance(1000);
});
afterAll(async () => {
  await app?.stop();
});

describe("crm ↔ chessboard reconciliation command", () => {
  it("reports in step when the replica follows chessboard", async () => {
    const { code, lines } = await run("--settled-for", "0");
    expect(lines).toContain("crm and chessboard are in step");
    expect(code).toBe(0);
  });

  it("refuses bad arguments with the usage (exit 2)", async () => {
    expect((await run("--limit", "0")).code).toBe(2);
    expect((await run("--settled-for", "-5")).code).toBe(2);
    expect((await run("--bogus")).code).toBe(2);
  });

  it("lists a missing replica, a replica behind and a hold without an active booking; repair re-publishes and fixes only the replica kinds", async () => {
    const [missing, behind, held] = structure.objectIds as [string, string, string];
    await app.db.crmPropertyObjectReplica.delete({ where: { id: missing } });
    await app.db.crmPropertyObjectReplica.update({
      where: { id: behind },
      data: { version: 0, status: "Booked" },
    });
    const ghostBooking = randomUUID();
    await app.db.$executeRaw`UPDATE chessboard.property_objects
      SET hold_booking_id = ${ghostBooking}::uuid, hold_deal_id = ${randomUUID()}::uuid WHERE id = ${held}::uuid`;
    const boardBefore = await app.db.chessboardPropertyObject.findMany({
      where: { id: { in: structure.objectIds } },
      orderBy: { id: "asc" },
    });

    const listed = await run("--settled-for", "0");
    expect(listed.code).toBe(1);
    const text = listed.lines.join("\n");
    expect(text).toMatch(new RegExp(`replica-missing\\s+${missing}`));
    expect(text).toMatch(new RegExp(`replica-behind\\s+${behind}`));
    expect(text).toMatch(new RegExp(`hold-without-active-booking\\s+${held}.*${ghostBooking}.*missing`));

    // Listing changes nothing.
    expect(await app.db.crmPropertyObjectReplica.findUnique({ where: { id: missing } })).toBeNull();

    const repaired = await run("--settled-for", "0", "--repair");
    expect(repaired.lines.join("\n")).toContain("re-published the status of 2 property object(s)");
    expect(repaired.code).toBe(1); // the ghost hold needs a person
    await eventually(
      async () => {
        const rows = await app.db.crmPropertyObjectReplica.findMany({
          where: { id: { in: [missing, behind] } },
        });
        return rows.length === 2 && rows.every((r) => r.version >= 1 && r.status === "Free");
      },
      { what: "the re-published status to reach crm's replica", timeoutMs: 30_000, everyMs: 100 },
    );

    // chessboard itself is untouched by a repair (no version bump, no status change).
    const boardAfter = await app.db.chessboardPropertyObject.findMany({
      where: { id: { in: structure.objectIds } },
      orderBy: { id: "asc" },
    });
    expect(boardAfter.map((b) => [b.id, b.version, b.status, b.holdBookingId])).toEqual(
      boardBefore.map((b) => [b.id, b.version, b.status, b.holdBookingId]),
    );

    clock.advance(1000);
    const after = await run("--settled-for", "0");
    const left = after.lines.join("\n");
    expect(left).not.toContain("replica-missing");
    expect(left).not.toContain("replica-behind");
    expect(left).toContain("hold-without-active-booking");
  });

  it("leaves out rows changed within the settle window (events in flight)", async () => {
    const { lines } = await run("--settled-for", "3600");
    expect(lines).toContain("crm and chessboard are in step");
  });

  it("a repair reports progress (objects done of total) when it takes longer than the interval", async () => {
    const { logger, entries } = createMemoryLogger();
    let t = 0;
    const now = () => (t += 1000); // every reading of the clock is a second later: each object is due
    const ids = structure.objectIds.slice(0, 2);
    // Re-publishing objects already in step is harmless: the replica's version guard skips them.
    const published = await republishStatus(app.db, clock, ids, {
      log: logger,
      timing: { everyMs: 1000, now },
    });
    expect(published).toBe(2);
    const lines = entries.filter((e) => e.level === 30 && e.what === "reconcile repair");
    expect(lines.map((e) => [e.count, e.total])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(lines[0]?.msg).toMatch(/^reconcile repair: 1\/2 objects \(\d+\/s\)$/);
  });
});
