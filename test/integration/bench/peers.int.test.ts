// The peers benchmark harnesses (bench/peers) at a tiny size: each side really does its work on
// real PostgreSQL and Kafka, so `npm run bench peers` cannot rot silently. No timing is asserted.
// (The GraphQL, e2e and ramp parts start whole apps and seed the demo grid: left to the bench run
// itself; the ramp's settings and lag verdict: test/bench/ramp.unit.test.ts.)
import { afterAll, beforeAll, expect, it } from "vitest";
import { consumerVsPeer } from "../../../bench/peers/consumer.js";
import { expirationVsJobQueues } from "../../../bench/peers/expiration.js";
import { outboxVsPeer } from "../../../bench/peers/outbox.js";
import type { BenchResult } from "../../../bench/types.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";

const count = async (db: MigratedDatabase, sql: string): Promise<number> =>
  Number((await db.prisma.$queryRawUnsafe<Array<{ n: bigint }>>(sql))[0]?.n);

function expectMeasured(results: readonly BenchResult[], n: number): void {
  expect(results).toHaveLength(n);
  for (const r of results) {
    expect(Number.isFinite(r.value) && r.value > 0, r.name).toBe(true);
    if (r.baseline !== undefined) expect(Number.isFinite(r.baseline) && r.baseline > 0, r.name).toBe(true);
  }
}

describeWithService(["postgres", "kafka"], "bench/peers harnesses at a tiny size", () => {
  let db: MigratedDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase("peers_bench");
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("outbox: ours and pg-transactional-outbox each publish every row", async () => {
    const results = await outboxVsPeer(db.prisma, db.url, kafkaBrokers(), { writes: 10, relayEvents: 40 });
    // write on pg with the signal after commit, the pre-0500 path, the interactive path, the relay
    expectMeasured(results, 4);
    expect(await count(db, "SELECT count(*) AS n FROM platform.outbox WHERE published_at IS NOT NULL")).toBe(
      40,
    );
    expect(
      await count(db, "SELECT count(*) AS n FROM peer_outbox.outbox WHERE processed_at IS NOT NULL"),
    ).toBe(40);
  });

  it("expiration: our worker, pg-boss and graphile-worker each write the same effects per booking", async () => {
    const results = await expirationVsJobQueues(db.prisma, db.url, 5);
    expectMeasured(results, 3);
    // Rounds: ours ×2, pg-boss ×2, graphile-worker ×3 (warm-up, defaults, tuned), 5 bookings each.
    const expired = 7 * 5;
    expect(await count(db, "SELECT count(*) AS n FROM crm.bookings WHERE status = 'ReserveExpired'")).toBe(
      expired,
    );
    expect(await count(db, "SELECT count(*) AS n FROM crm.bookings WHERE status <> 'ReserveExpired'")).toBe(
      0,
    );
    expect(await count(db, "SELECT count(*) AS n FROM crm.deals WHERE status = 'Application'")).toBe(expired);
    expect(await count(db, "SELECT count(*) AS n FROM crm.timeline_entries")).toBe(2 * expired);
    expect(
      await count(db, "SELECT count(*) AS n FROM platform.outbox WHERE topic = 'pin.crm.booking-expired.v1'"),
    ).toBe(expired);
  });

  it("consumer: our runtime (Prisma, pg and unmarked pg scopes), @platformatic/kafka and kafkajs (Prisma, pg and pg + mark) each upsert the latest Seq of every key", async () => {
    const results = await consumerVsPeer(db.prisma, kafkaBrokers(), 30);
    expectMeasured(results, 7);
    // The last variant of the last round truncated bench.items first: its own result is what is left.
    expect(await count(db, "SELECT count(*) AS n FROM bench.items")).toBe(30);
    expect(await count(db, "SELECT max(seq) AS n FROM bench.items")).toBe(29);
  });
});
