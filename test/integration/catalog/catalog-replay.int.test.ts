import { Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConsumerGroup } from "../../../src/platform/events/admin/reset-consumer-group.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { kafkaBrokers, requireService } from "../../support/services.js";
import { metricValue } from "./catalog-fixtures.js";
import { type CatalogRig, cardsHash, createCatalogRig, SPEC_SHAPED_RETRIES_MS } from "./catalog-harness.js";
import { chessboardHistory } from "./chessboard-history.js";

await requireService("postgres");
await requireService("kafka");

describe("pin-catalog-chessboard-sync replay over Kafka", { timeout: 120_000 }, () => {
  let database: MigratedDatabase;
  let rig: CatalogRig;
  const history = chessboardHistory({
    seed: 7,
    developers: 2,
    projectsPerDeveloper: 2,
    buildingsPerProject: 2,
    lotsPerBuilding: 5,
    changesPerLot: 3,
  });

  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_replay");
    // Six topics on 18 partitions arrive in any cross-topic order: a building may come before its
    // project, which the spec answers with CATALOG_SYNC_PROJECT_NOT_FOUND retried over ~31 min.
    // With 180 ms of retries a loaded CI host dead-lettered one (CI of c0ce65f); the spec's shape
    // at 1/100 scale leaves the same slack the production schedule does.
    rig = createCatalogRig(database.prisma, { retryDelaysMs: SPEC_SHAPED_RETRIES_MS });
    await rig.start();
  });
  afterAll(async () => {
    await rig?.stop();
    await database?.drop();
  });

  async function recordsOnTopics(topics: readonly string[]): Promise<number> {
    const admin = new Kafka({
      clientId: "catalog-replay-test",
      brokers: kafkaBrokers(),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      let n = 0;
      for (const topic of topics)
        for (const p of await admin.fetchTopicOffsets(topic)) n += Number(p.high) - Number(p.low);
      return n;
    } finally {
      await admin.disconnect();
    }
  }

  async function settled(expected: number): Promise<void> {
    await eventually(
      async () => {
        if ((await rig.finished()) < expected) return false;
        const parked = await database.prisma.$queryRaw<unknown[]>`
        SELECT 1 FROM platform.parked_messages WHERE group_id = ${rig.group} LIMIT 1`;
        return parked.length === 0;
      },
      {
        what: `${expected} messages finished`,
        report: async () => ({
          finished: await rig.finished(),
          parked: await database.prisma.$queryRaw`
          SELECT topic, key, attempts, next_attempt_at FROM platform.parked_messages
          WHERE group_id = ${rig.group} ORDER BY id LIMIT 5`,
        }),
      },
    );
  }

  it("Replay: re-reading all six topics from offset 0 leaves an identical state (hash of both card tables)", async () => {
    for (const e of history) await rig.publish(e.topic, e.key, e.payload);
    await settled(history.length);
    // A clean history arriving on 18 partitions at once dead-letters nothing and meets no lock
    // conflict (two batches bisected around a failure used to deadlock on their projects' locks,
    // decision 0218, and a dead-lettered change made the replay's state differ from this one).
    const deadLetters = await database.prisma.deadLetter.findMany({
      where: { groupId: rig.group },
      select: { topic: true, key: true, errorCode: true, attempts: true, reason: true },
    });
    expect(deadLetters).toEqual([]);
    expect(
      await metricValue(rig.metrics, "catalog_chessboard_sync_conflicts_total"),
      JSON.stringify(rig.logs.filter((e) => e.msg === "concurrency conflict, re-reading")),
    ).toBe(0);
    const before = await cardsHash(database.prisma);
    const lots = await database.prisma.catalogPropertyObjectCard.count();
    expect(lots).toBe(2 * 2 * 2 * 5);
    // every topic took part
    expect(new Set(history.map((e) => e.topic)).size).toBe(6);

    await rig.stopConsumer();
    const { moved, ahead } = await resetConsumerGroup({
      db: database.prisma,
      kafkaBrokers: kafkaBrokers(),
      group: rig.group,
      topics: Object.values(rig.topics),
      from: "beginning",
      forgetDedup: true,
    });
    expect(moved).toBeGreaterThan(0);
    // the group's lag after the rewind: every record on the topics, to re-read — the history, plus
    // any copy the test's producer wrote when it retried a send the broker had taken (decision 0528)
    expect(ahead).toBe(await recordsOnTopics(Object.values(rig.topics)));
    expect(ahead).toBeGreaterThanOrEqual(history.length);
    const finishedBefore = await rig.finished();
    await rig.startConsumer();
    await settled(finishedBefore + history.length);

    expect(await cardsHash(database.prisma)).toBe(before);
  });
});
