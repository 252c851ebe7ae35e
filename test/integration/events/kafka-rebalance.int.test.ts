import { randomUUID } from "node:crypto";
import { type Admin, AssignerProtocol, Kafka, logLevel } from "kafkajs";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { type ConsumerDefinition, defineConsumer } from "../../../src/platform/events/consumer/definition.js";
import type { RetryPolicy } from "../../../src/platform/events/consumer/retry-policy.js";
import type { Runner } from "../../../src/platform/events/event-platform.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService, kafkaBrokers } from "../../support/services.js";
import {
  enqueueItems,
  type ItemPayload,
  itemTopic,
  KAFKA_CLIENT,
  metricValue,
  type PlatformUnderTest,
  platformFor,
} from "./harness.js";

// Bounds of the waits below (the only limits; nothing asserts how fast anything happened).
const SETTLE_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 50;
/** Consumer A's backoff after an infrastructure failure: far longer than any wait of the test, so
 *  a handover that depended on A's timer (or on A's paused state) would never complete. */
const LONG_BACKOFF: Partial<RetryPolicy> = { infrastructureMinMs: 120_000, infrastructureMaxMs: 120_000 };
const SHORT_BACKOFF: Partial<RetryPolicy> = { infrastructureMinMs: 20, infrastructureMaxMs: 200 };
const BLOCKED_KEY = "blocked";
/** Simulated handler work, so that a stop lands while messages are still flowing. */
const HANDLER_WORK_MS = 3;

type ConsumerName = "A" | "B";

/** What the tests steer and observe in the handlers of both consumers. */
interface Control {
  /** While set, every message of BLOCKED_KEY fails like a dropped PostgreSQL connection */
  databaseDown: boolean;
  attempts: Array<{ consumer: ConsumerName; key: string; seq: number }>;
  /** The handlers of `consumer` wait on `held` once it applied `after` messages */
  hold?: { consumer: ConsumerName; after: number; waiting: number; held: Promise<void> };
  applied: Record<ConsumerName, number>;
  inFlight: Record<ConsumerName, number>;
  /** Each handler of this consumer works this long (instead of HANDLER_WORK_MS) */
  slow?: { consumer: ConsumerName; ms: number };
}

function newControl(): Control {
  return { databaseDown: false, attempts: [], applied: { A: 0, B: 0 }, inFlight: { A: 0, B: 0 } };
}

/** What node-postgres throws when the server drops the connection (SQLSTATE 08006). */
function droppedConnection(): Error {
  return Object.assign(new Error("Connection terminated unexpectedly"), { code: "08006" });
}

async function createAppliedTable(db: Db): Promise<void> {
  await db.$executeRaw`CREATE SCHEMA IF NOT EXISTS evtest`;
  // No version guard and no unique key: a message applied twice shows up as two rows.
  await db.$executeRaw`
    CREATE TABLE IF NOT EXISTS evtest.rebalance_applied (
      id BIGSERIAL PRIMARY KEY, group_id TEXT NOT NULL, message_id TEXT NOT NULL,
      key TEXT NOT NULL, seq INTEGER NOT NULL, consumer TEXT NOT NULL)`;
}

function appliedConsumer(
  group: string,
  topic: string,
  consumer: ConsumerName,
  control: Control,
  retry: Partial<RetryPolicy>,
): ConsumerDefinition {
  return defineConsumer({
    group,
    policy: { retry },
    handlers: {
      [topic]: async (payload: ItemPayload, { tx, envelope }) => {
        control.attempts.push({ consumer, key: payload.Key, seq: payload.Seq });
        if (control.databaseDown && payload.Key === BLOCKED_KEY) throw droppedConnection();
        control.inFlight[consumer] += 1;
        try {
          const hold = control.hold;
          if (hold?.consumer === consumer && control.applied[consumer] >= hold.after) {
            hold.waiting += 1;
            await hold.held;
          }
          const workMs = control.slow?.consumer === consumer ? control.slow.ms : HANDLER_WORK_MS;
          await new Promise((r) => setTimeout(r, workMs));
          await tx.$executeRaw`
            INSERT INTO evtest.rebalance_applied (group_id, message_id, key, seq, consumer)
            VALUES (${group}, ${envelope.metadata.messageId}, ${payload.Key}, ${payload.Seq}, ${consumer})`;
          control.applied[consumer] += 1;
        } finally {
          control.inFlight[consumer] -= 1;
        }
      },
    },
  });
}

function grid(keys: readonly string[], fromSeq: number, seqs: number): ItemPayload[] {
  const items: ItemPayload[] = [];
  for (let seq = fromSeq; seq < fromSeq + seqs; seq++)
    for (const key of keys) items.push({ Key: key, Seq: seq });
  return items;
}

interface AppliedRow {
  messageId: string;
  key: string;
  seq: number;
  consumer: ConsumerName;
}

async function readApplied(db: Db, group: string): Promise<AppliedRow[]> {
  const rows = await db.$queryRaw<Array<{ message_id: string; key: string; seq: number; consumer: string }>>`
    SELECT message_id, key, seq, consumer FROM evtest.rebalance_applied WHERE group_id = ${group} ORDER BY id`;
  return rows.map((r) => ({
    messageId: r.message_id,
    key: r.key,
    seq: r.seq,
    consumer: r.consumer as ConsumerName,
  }));
}

/** Distinct events applied so far (duplicates are the final assertion's business). */
async function distinctApplied(db: Db, group: string): Promise<number> {
  const rows = await db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(DISTINCT (key, seq)) AS n FROM evtest.rebalance_applied WHERE group_id = ${group}`;
  return Number(rows[0]?.n ?? 0);
}

/** Every produced event applied exactly once, and each key's events applied in produce order. */
async function expectExactlyOnceInOrder(db: Db, group: string, produced: readonly ItemPayload[]) {
  const rows = await readApplied(db, group);
  const count = (r: { key: string; seq: number }) => `${r.key}#${r.seq}`;
  const appliedTimes = new Map<string, number>();
  for (const r of rows) appliedTimes.set(count(r), (appliedTimes.get(count(r)) ?? 0) + 1);
  const missing = produced.filter((p) => !appliedTimes.has(count({ key: p.Key, seq: p.Seq })));
  const twice = [...appliedTimes].filter(([, n]) => n > 1).map(([id]) => id);
  expect(missing, "events never applied").toEqual([]);
  expect(twice, "events applied more than once").toEqual([]);
  expect(rows).toHaveLength(produced.length);
  expect(new Set(rows.map((r) => r.messageId)).size).toBe(produced.length);

  const expectedByKey = new Map<string, number[]>();
  for (const p of produced) expectedByKey.set(p.Key, [...(expectedByKey.get(p.Key) ?? []), p.Seq]);
  for (const [key, seqs] of expectedByKey) {
    expect(
      rows.filter((r) => r.key === key).map((r) => r.seq),
      `order of key ${key}`,
    ).toEqual(seqs);
  }
  const marks = await db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM platform.processed_messages WHERE group_id = ${group}`;
  expect(Number(marks[0]?.n ?? 0), "dedup marks").toBe(produced.length);
  return rows;
}

describeWithService(["postgres", "kafka"], `kafka consumer group rebalance (${KAFKA_CLIENT})`, () => {
  let db: MigratedDatabase;
  let admin: Admin;
  const running: Runner[] = [];
  const platforms: PlatformUnderTest[] = [];

  beforeAll(async () => {
    db = await createMigratedDatabase("events_rebalance");
    await createAppliedTable(db.prisma);
    admin = new Kafka({
      clientId: "rebalance-test",
      brokers: kafkaBrokers(),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
  });
  afterEach(async () => {
    for (const r of running.splice(0).reverse()) await r.stop();
    for (const p of platforms.splice(0)) await p.platform.close();
  });
  afterAll(async () => {
    await admin?.disconnect();
    await db?.drop();
  });

  function put(instanceId?: string): PlatformUnderTest {
    const p = platformFor("kafka", db.prisma, instanceId ? { settings: { instanceId } } : {});
    platforms.push(p);
    return p;
  }
  async function started(r: Runner): Promise<Runner> {
    running.push(r);
    await r.start();
    return r;
  }
  /** A graceful stop, what SIGTERM does: the consumer stops and its platform closes. */
  async function stopped(r: Runner, p: PlatformUnderTest): Promise<void> {
    const forget = <T>(list: T[], item: T) => list.includes(item) && list.splice(list.indexOf(item), 1);
    forget(running, r);
    forget(platforms, p);
    await r.stop();
    await p.platform.close();
  }
  async function groupMembers(group: string): Promise<number | undefined> {
    const { groups } = await admin.describeGroups([group]);
    const g = groups[0];
    return g?.state === "Stable" ? g.members.length : undefined;
  }
  /** Partitions of `topic` assigned to the member whose client id is `pin-<instanceId>`. */
  async function assignedTo(group: string, topic: string, instanceId: string): Promise<number[]> {
    const { groups } = await admin.describeGroups([group]);
    const member = groups[0]?.members.find((m) => m.clientId === `pin-${instanceId}`);
    if (!member) return [];
    return AssignerProtocol.MemberAssignment.decode(member.memberAssignment)?.assignment[topic] ?? [];
  }
  /** Messages of `topic` behind the group's committed offsets (a fresh topic starts at 0). */
  async function committedCount(group: string, topic: string): Promise<number> {
    const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    return (committed?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
  }
  const settled = { timeout: SETTLE_TIMEOUT_MS, interval: POLL_INTERVAL_MS };

  it("a partition in infrastructure backoff is handed over on a rebalance and nothing is lost or stuck", async () => {
    const topic = itemTopic("pin.test.rebalance-backoff");
    const group = `pin-test-rebalance-backoff-${Date.now()}`;
    const control = newControl();
    control.databaseDown = true;
    const keys = [BLOCKED_KEY, "k1", "k2", "k3", "k4", "k5"];
    const produced: ItemPayload[] = [];
    const relayPlatform = put();
    const relay = await started(relayPlatform.platform.startRelay());
    async function produce(items: ItemPayload[]) {
      await enqueueItems(db.prisma, topic, items, relayPlatform.clock);
      produced.push(...items);
      await relay.whenCaughtUp?.();
    }

    // The round-robin assignor deals partitions to members sorted by member id, which starts with
    // the client id `pin-<instance id>`: A sorts in the middle, B before or after it as needed.
    const a = put(`test-m-${randomUUID().slice(0, 8)}`);
    const consumerA = await started(
      a.platform.runConsumer(appliedConsumer(group, topic, "A", control, LONG_BACKOFF)),
    );
    await produce(grid(keys, 0, 10));
    const pausedLog = () => a.logs.find((l) => l.msg === "partition paused after infrastructure failure");
    await expect.poll(() => pausedLog() !== undefined, settled).toBe(true);
    const partition = Number(pausedLog()?.partition);

    // B joins while A sits in a backoff far longer than this test: the rebalance hands the paused
    // partition to B (with 3 partitions and 2 members the first member gets 0 and 2, the second 1).
    const bInstance = `test-${partition % 2 === 0 ? "a" : "z"}-${randomUUID().slice(0, 8)}`;
    const b = put(bInstance);
    const consumerB = await started(
      b.platform.runConsumer(appliedConsumer(group, topic, "B", control, SHORT_BACKOFF)),
    );
    await expect.poll(() => groupMembers(group), settled).toBe(2);
    expect(await assignedTo(group, topic, bInstance)).toContain(partition);
    // B reads the partition A paused, from the failed message on, while A is still in the group.
    await expect
      .poll(
        () => control.attempts.some((t) => t.consumer === "B" && t.key === BLOCKED_KEY && t.seq === 0),
        settled,
      )
      .toBe(true);
    // Traffic while both hold partitions and the database still "fails" for the blocked key.
    await produce(grid(keys, 10, 5));

    await stopped(consumerA, a);
    control.databaseDown = false;
    await expect.poll(() => distinctApplied(db.prisma, group), settled).toBe(produced.length);

    // The partition that was in backoff keeps flowing under B.
    await produce(grid(keys, 15, 2));
    await expect.poll(() => distinctApplied(db.prisma, group), settled).toBe(produced.length);
    await consumerB.whenCaughtUp?.();

    const rows = await expectExactlyOnceInOrder(db.prisma, group, produced);
    expect(control.attempts.some((t) => t.consumer === "A" && t.key === BLOCKED_KEY)).toBe(true);
    expect(rows.filter((r) => r.key === BLOCKED_KEY && r.consumer === "A")).toEqual([]);
    expect(rows.find((r) => r.key === BLOCKED_KEY)?.consumer).toBe("B");
    expect(await db.prisma.parkedMessage.count({ where: { groupId: group } })).toBe(0);
    expect(await db.prisma.deadLetter.count({ where: { groupId: group } })).toBe(0);
  });

  it("a graceful stop mid-stream loses nothing and applies nothing twice", async () => {
    const topic = itemTopic("pin.test.rebalance-stop");
    const group = `pin-test-rebalance-stop-${Date.now()}`;
    const control = newControl();
    const keys = Array.from({ length: 12 }, (_, i) => `s${i}`);
    const produced = grid(keys, 0, 25);
    const relayPlatform = put();
    await enqueueItems(db.prisma, topic, produced, relayPlatform.clock);
    const relay = await started(relayPlatform.platform.startRelay());
    await relay.whenCaughtUp?.();

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = { consumer: "A" as const, after: Math.floor(produced.length / 3), waiting: 0, held };
    control.hold = hold;
    const a = put();
    const consumerA = await started(
      a.platform.runConsumer(appliedConsumer(group, topic, "A", control, SHORT_BACKOFF)),
    );
    await expect.poll(() => hold.waiting, settled).toBeGreaterThan(0);

    // SIGTERM while handlers are inside their transactions: they finish, the rest stays unread.
    const inFlightAtStop = control.inFlight.A;
    const stopping = stopped(consumerA, a);
    release();
    await stopping;
    expect(inFlightAtStop).toBeGreaterThan(0);
    expect(control.applied.A).toBeGreaterThan(0);
    expect(control.applied.A).toBeLessThan(produced.length);
    // The stop committed the offsets of everything A consumed, so B starts right after them.
    const consumedByA = await metricValue(a.metrics, "pin_consumer_consumed_total", { group });
    expect(consumedByA).toBeGreaterThan(0);
    expect(await committedCount(group, topic)).toBe(consumedByA);

    const b = put();
    const consumerB = await started(
      b.platform.runConsumer(appliedConsumer(group, topic, "B", control, SHORT_BACKOFF)),
    );
    await expect.poll(() => distinctApplied(db.prisma, group), settled).toBe(produced.length);
    await consumerB.whenCaughtUp?.();

    const rows = await expectExactlyOnceInOrder(db.prisma, group, produced);
    expect(rows.filter((r) => r.consumer === "A")).toHaveLength(control.applied.A);
    expect(rows.filter((r) => r.consumer === "B")).toHaveLength(produced.length - control.applied.A);
  });

  // Decision 0533: kafkajs answers a rebalance only between batches. A batch whose heartbeat is
  // refused ends at its next message, so a member joining does not wait for the old member's whole
  // fetch (seconds of slow handlers here, minutes under load) — the wait that let a refused member
  // heartbeat into "not aware of this member" for minutes in the cluster test.
  it("a long batch yields to a rebalance: its refused heartbeat ends it, the joining member gets its partitions while the batch had most of its work left", async () => {
    const topic = itemTopic("pin.test.rebalance-long-batch");
    const group = `pin-test-rebalance-long-batch-${Date.now()}`;
    const control = newControl();
    control.slow = { consumer: "A", ms: 100 };
    const keys = Array.from({ length: 12 }, (_, i) => `l${i}`);
    const produced = grid(keys, 0, 25);
    const relayPlatform = put();
    await enqueueItems(db.prisma, topic, produced, relayPlatform.clock);
    const relay = await started(relayPlatform.platform.startRelay());
    await relay.whenCaughtUp?.();

    const a = put();
    await started(a.platform.runConsumer(appliedConsumer(group, topic, "A", control, SHORT_BACKOFF)));
    await expect.poll(() => control.applied.A, settled).toBeGreaterThan(3);
    // A's three partition batches (100 messages each, 100 ms a message) hold ~10 s of work.
    const b = put();
    await started(b.platform.runConsumer(appliedConsumer(group, topic, "B", control, SHORT_BACKOFF)));
    await expect.poll(() => groupMembers(group), settled).toBe(2);
    const appliedByAAtRejoin = control.applied.A;
    expect(appliedByAAtRejoin, "A finished its batches before the group could rebalance").toBeLessThan(
      produced.length / 2,
    );
    // kafkajs says why its batch ended (@platformatic/kafka's fetcher stops at a rebalance by itself)
    if (KAFKA_CLIENT === "kafkajs")
      expect(
        a.logs.some(
          (l) => l.msg === "heartbeat refused during a batch; the batch ends so the consumer can rejoin",
        ),
      ).toBe(true);

    control.slow = undefined;
    await expect.poll(() => distinctApplied(db.prisma, group), settled).toBe(produced.length);
    await expectExactlyOnceInOrder(db.prisma, group, produced);
    expect(control.applied.B).toBeGreaterThan(0);
  });
});
