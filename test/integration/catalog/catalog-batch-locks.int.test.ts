import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChessboardSyncConsumer } from "../../../src/consumers/catalog-chessboard-sync.consumer.js";
import type { ChessboardEventByTopic } from "../../../src/contracts/chessboard-events.js";
import { createRewardsClient } from "../../../src/domain/catalog/rewards/rewards-commission.client.js";
import {
  seedSyntheticCards,
  syntheticDeveloperId,
  syntheticLotId,
  syntheticProjectId,
} from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import type { Tx } from "../../../src/platform/db/prisma-client.js";
import type { BatchMessage } from "../../../src/platform/events/consumer/definition.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { developerEvent, statusEvent } from "../../support/fixtures/catalog-events.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

const TAG = "locks";
/** The projects whose catalog writer lock this transaction holds (lockProjects' key per project). */
async function lockedProjects(tx: Tx, candidates: readonly string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT c.id FROM unnest(${candidates as string[]}::text[]) AS c(id)
    WHERE EXISTS (
      SELECT 1 FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.pid = pg_backend_pid() AND l.granted
        AND l.classid::text::bigint = (hashtextextended('catalog:project:' || c.id, 0) >> 32) & 4294967295
        AND l.objid::text::bigint = hashtextextended('catalog:project:' || c.id, 0) & 4294967295)
    ORDER BY c.id`;
  return rows.map((r) => r.id);
}

const asBatch = (messages: ReadonlyArray<{ topic: string; key: string; payload: object }>) =>
  messages.map((m) => ({ ...m, attempt: 1 })) as unknown as ReadonlyArray<
    BatchMessage<ChessboardEventByTopic>
  >;

describe("pin-catalog-chessboard-sync: the batch's locks (lockBatch, decision 0218)", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-12-01T09:00:00.000Z");
  const def = catalogChessboardSyncConsumer({
    log: createMemoryLogger().logger,
    clock,
    metrics: createMetricsRegistry(),
    settings: loadSettings({ NODE_ENV: "test" }),
    rewards: createRewardsClient({ baseUrl: null, timeoutMs: 1 }),
  });

  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_batch_locks");
    await seedSyntheticCards(database.prisma, { tag: TAG, projects: 9, lotsPerProject: 2, now: clock.now() });
  });
  afterAll(async () => database?.drop());

  it("locks the projects the messages name, the project a moving lot is filed under now and every project of a renamed developer", async () => {
    const project = (p: number) => syntheticProjectId(TAG, p);
    const lockBatch = def.lockBatch;
    if (!lockBatch) throw new Error("the catalog consumer takes its locks in lockBatch");
    const developer1 = syntheticDeveloperId(TAG, 1);
    const lot1 = syntheticLotId(TAG, 1); // filed under project 0
    const messages = asBatch([
      {
        // the lot moves from project 0 to project 3: both are written
        topic: TOPIC.propertyObjectStatusChanged,
        key: lot1,
        payload: statusEvent({
          PropertyObjectId: lot1,
          ProjectId: project(3),
          BuildingId: project(3),
          TenantId: syntheticDeveloperId(TAG, 3),
          FromStatus: "Free",
          ToStatus: "Reserved",
          Version: 2,
        }),
      },
      // developer 1 owns projects 1 and 8: the rename writes both
      { topic: TOPIC.developerUpserted, key: developer1, payload: developerEvent({ Id: developer1 }) },
    ]);
    const all = Array.from({ length: 9 }, (_, p) => project(p));
    const held = await database.prisma.$transaction(async (tx) => {
      await lockBatch(messages, { tx, log: createMemoryLogger().logger, clock, heartbeat: async () => {} });
      return lockedProjects(tx, all);
    });
    expect(held).toEqual([project(0), project(1), project(3), project(8)].sort());
  });
});
