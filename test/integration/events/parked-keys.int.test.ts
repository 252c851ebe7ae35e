import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pgPoolOf } from "../../../src/platform/db/prisma-client.js";
import { pgRunner, prismaRunner } from "../../../src/platform/db/sql-runner.js";
import {
  PARKED_PAIRS_READ_WHOLE,
  parkedKeys,
} from "../../../src/platform/events/consumer/sql/parked-keys.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";

const TOPIC_A = "pin.test.parked-a.v1";
const TOPIC_B = "pin.test.parked-b.v1";

/**
 * The sink scopes' parked-key check (decision 0210): a group's few parked pairs are read whole and
 * matched in memory; past PARKED_PAIRS_READ_WHOLE the batch's pairs are joined in the database.
 * Both ways must give the same answer: only this group's pairs, matched on topic and key.
 */
describeWithService("postgres", "parkedKeys: the parked-key check of a batch", () => {
  let database: MigratedDatabase;
  /** The pool under the test's client, as the runtime uses it (decision 0505) */
  const runnerOf = () => {
    const pool = pgPoolOf(database.prisma);
    return pool ? pgRunner(pool) : prismaRunner(database.prisma);
  };

  beforeAll(async () => {
    database = await createMigratedDatabase("parked_keys");
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function park(group: string, pairs: ReadonlyArray<{ topic: string; key: string }>) {
    await database.prisma.$executeRaw`
      INSERT INTO platform.parked_messages
        (group_id, topic, key, partition, "offset", value, headers, attempts, next_attempt_at, parked_at)
      SELECT ${group}, t, k, 0, '0', '{}', '{}'::jsonb, 1, now(), now()
      FROM unnest(${pairs.map((p) => p.topic)}::text[], ${pairs.map((p) => p.key)}::text[]) AS w(t, k)`;
  }

  const pair = (topic: string, key: string) => `${topic}\u0000${key}`;

  for (const [label, parkedCount] of [
    ["a few parked pairs (read whole)", 3],
    ["more parked pairs than are read whole (joined in the database)", PARKED_PAIRS_READ_WHOLE + 5],
  ] as const) {
    it(`${label}: only the batch's pairs parked in this group, by topic and key`, async () => {
      const group = `g-${randomUUID().slice(0, 8)}`;
      const parked = Array.from({ length: parkedCount }, () => ({ topic: TOPIC_A, key: randomUUID() }));
      await park(group, parked);
      // Same key on another topic, and another group parking the batch's keys: neither counts.
      const sameKeyOtherTopic = { topic: TOPIC_B, key: parked[1]!.key };
      const freeKey = { topic: TOPIC_A, key: randomUUID() };
      await park(`other-${group}`, [freeKey, sameKeyOtherTopic]);

      const batch = [parked[0]!, sameKeyOtherTopic, freeKey, parked[2]!, parked[0]!];
      const found = await parkedKeys(runnerOf(), group, batch);
      expect([...found].sort()).toEqual(
        [pair(TOPIC_A, parked[0]!.key), pair(TOPIC_A, parked[2]!.key)].sort(),
      );
    });
  }

  it("a group without parked messages: nothing is held back", async () => {
    const found = await parkedKeys(runnerOf(), `empty-${randomUUID().slice(0, 8)}`, [
      { topic: TOPIC_A, key: randomUUID() },
    ]);
    expect(found.size).toBe(0);
  });
});
