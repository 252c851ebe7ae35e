import { describe, expect, it } from "vitest";
import { command as dlqCommand } from "../../../src/cli/dlq.js";
import { command as replayCommand } from "../../../src/cli/replay.js";
import { dedupKeyHash } from "../../../src/platform/events/consumer/dedup-key.js";
import type { EventEnvelope } from "../../../src/platform/events/envelope.js";
import { OUTBOX_SHARD_LOCK_NAMESPACE } from "../../../src/platform/events/outbox/outbox-relay.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import {
  enqueueItems,
  itemsConsumer,
  itemsSuite,
  itemTopic,
  noFaults,
  readItems,
  type TransportName,
} from "./harness.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A stored dedup key (decision 0505) as Prisma's Bytes. */
const hashOf = (key: string) => new Uint8Array(dedupKeyHash(key));

describeWithService(["postgres", "kafka"], "event platform relay and operations", () => {
  describe.each<TransportName>(["kafka", "local"])("%s transport", (transport) => {
    const suite = itemsSuite(transport, `events_ops_${transport}`);
    const { put, started } = suite;

    it("a shard whose advisory lock is held elsewhere is not published until the lock is released", async () => {
      const p = put({ settings: { outboxShards: 2 } });
      const topic = itemTopic();
      await enqueueItems(
        suite.db.prisma,
        topic,
        [
          { Key: "locked-1", Seq: 1 },
          { Key: "locked-2", Seq: 1 },
        ],
        p.clock,
      );
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let lockTaken!: () => void;
      const taken = new Promise<void>((r) => {
        lockTaken = r;
      });
      // Another "replica" owns both shards for as long as its transaction is open.
      const holder = suite.db.prisma.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OUTBOX_SHARD_LOCK_NAMESPACE}::int, 0), pg_advisory_xact_lock(${OUTBOX_SHARD_LOCK_NAMESPACE}::int, 1)`;
          lockTaken();
          await held;
        },
        { timeout: 60_000 },
      );
      await taken;
      const relay = await started(p.platform.startRelay());
      // The relay has cycled over every shard several times by now; the lock kept it out.
      await new Promise((r) => setTimeout(r, 300));
      expect(await suite.db.prisma.outboxMessage.count({ where: { topic, publishedAt: null } })).toBe(2);
      release();
      await holder;
      await relay.whenCaughtUp?.();
      expect(await suite.db.prisma.outboxMessage.count({ where: { topic, publishedAt: null } })).toBe(0);
    });

    it("published outbox rows older than the retention are deleted, recent and unpublished ones kept", async () => {
      const p = put();
      const topic = itemTopic();
      await enqueueItems(
        suite.db.prisma,
        topic,
        [
          { Key: "old", Seq: 1 },
          { Key: "new", Seq: 1 },
          { Key: "pending", Seq: 1 },
        ],
        p.clock,
      );
      const old = new Date(p.clock.now().getTime() - (p.settings.outboxRetentionHours + 1) * HOUR_MS);
      await suite.db.prisma.$executeRaw`UPDATE platform.outbox SET published_at = ${old} WHERE key = 'old'`;
      await suite.db.prisma
        .$executeRaw`UPDATE platform.outbox SET published_at = ${p.clock.now()} WHERE key = 'new'`;
      const relay = await started(p.platform.startRelay());
      await relay.whenCaughtUp?.();
      await eventually(
        async () => (await suite.db.prisma.outboxMessage.count({ where: { topic, key: "old" } })) === 0,
      );
      expect(
        (await suite.db.prisma.outboxMessage.findMany({ where: { topic } })).map((r) => r.key).sort(),
      ).toEqual(["new", "pending"]);
      if (transport === "local") {
        // The local log keeps the same horizon (rows appended now stay).
        await suite.db.prisma.$executeRaw`
          INSERT INTO platform.event_log (topic, key, value, headers, appended_at)
          VALUES (${topic}, 'ancient', '{}', '{}'::jsonb, ${old})`;
        const second = put();
        await started(second.platform.startRelay());
        await eventually(
          async () => (await suite.db.prisma.eventLogEntry.count({ where: { topic, key: "ancient" } })) === 0,
        );
        expect(await suite.db.prisma.eventLogEntry.count({ where: { topic } })).toBeGreaterThan(0);
      }
    });

    it("dedup marks older than the window are deleted for the group", async () => {
      const p = put();
      const topic = itemTopic();
      const group = `pin-test-${transport}-window-${Date.now()}`;
      const stale = new Date(p.clock.now().getTime() - (p.settings.dedupWindowDays + 1) * DAY_MS);
      await suite.db.prisma.processedMessage.createMany({
        data: [
          { dedupHash: hashOf(`${group}:x:old`), groupId: group, processedAt: stale },
          { dedupHash: hashOf(`${group}:x:new`), groupId: group, processedAt: p.clock.now() },
          { dedupHash: hashOf(`other:x:old`), groupId: "other", processedAt: stale },
        ],
      });
      await started(p.platform.runConsumer(itemsConsumer(group, topic, noFaults())));
      await eventually(
        async () =>
          (await suite.db.prisma.processedMessage.count({
            where: { dedupHash: hashOf(`${group}:x:old`) },
          })) === 0,
      );
      expect(
        await suite.db.prisma.processedMessage.count({
          where: { dedupHash: { in: [hashOf(`${group}:x:new`), hashOf("other:x:old")] } },
        }),
      ).toBe(2);
    });

    it("broadcast delivers events published after it started — from the moment start() returns — not earlier ones", async () => {
      const p = put();
      const topic = itemTopic();
      const relay = await started(p.platform.startRelay());
      await enqueueItems(suite.db.prisma, topic, [{ Key: "before", Seq: 1 }], p.clock);
      await relay.whenCaughtUp?.();
      const seen: EventEnvelope<unknown>[] = [];
      await started(
        p.platform.runBroadcast({ name: "test", topics: [topic], onEvent: (e) => void seen.push(e) }),
      );
      // No pause: the start position is the end of the log when start() was called (the high
      // watermarks taken before the group join), not wherever the first fetch finds it.
      await enqueueItems(suite.db.prisma, topic, [{ Key: "after", Seq: 1 }], p.clock);
      await eventually(async () => seen.length > 0);
      expect(seen.map((e) => e.key)).toEqual(["after"]);
      expect(seen[0]?.metadata.eventType).toBe("item-changed");
    });

    it("CLI: dlq list shows the reason, dlq replay --code re-runs the message, replay --from-beginning rewinds the group", async () => {
      const p = put();
      const topic = itemTopic();
      const group = `pin-test-${transport}-cli-${Date.now()}`;
      const lines: string[] = [];
      const deps = {
        settings: p.settings,
        log: createMemoryLogger().logger,
        db: suite.db.prisma,
        clock: p.clock,
        metrics: p.metrics,
        databaseUrl: suite.db.url,
        out: (l: string) => void lines.push(l),
      };
      const faults = noFaults();
      faults.retriableKeys.add("cli");
      const relay = await started(p.platform.startRelay());
      const items = itemsConsumer(group, topic, faults);
      const consumer = await started(
        p.platform.runConsumer({ ...items, policy: { ...items.policy, retry: { retriableDelaysMs: [] } } }),
      );
      await enqueueItems(suite.db.prisma, topic, [{ Key: "cli", Seq: 1 }], p.clock);
      await relay.whenCaughtUp?.();
      await consumer.whenCaughtUp?.();

      expect(await dlqCommand.run(["list", "--group", group], deps)).toBe(0);
      expect(lines.join("\n")).toContain("code=TEST_ITEM_NOT_FOUND");
      expect(lines.join("\n")).toContain("reason=not yet");

      faults.retriableKeys.clear();
      expect(await dlqCommand.run(["replay", "--group", group, "--code", "TEST_ITEM_NOT_FOUND"], deps)).toBe(
        0,
      );
      await eventually(async () => (await readItems(suite.db.prisma)).get("cli")?.applied === 1);
      expect(await dlqCommand.run(["replay"], deps)).toBe(2);

      await consumer.stop();
      const before = JSON.stringify([...(await readItems(suite.db.prisma))]);
      expect(
        await replayCommand.run(
          ["--group", group, "--topics", topic, "--from-beginning", "--forget-dedup"],
          deps,
        ),
      ).toBe(0);
      expect(lines.some((l) => l.includes("forgot"))).toBe(true);
      // What the consumers will re-read: the topic's events ahead of the rewound group (its lag).
      const ahead = lines.map((l) => /^done: .*, (\d+) event\(s\) ahead of /.exec(l)?.[1]).find(Boolean);
      expect(Number(ahead)).toBeGreaterThanOrEqual(1);
      expect(lines.some((l) => l.startsWith(`${topic}`) && l.endsWith(`, ${ahead} event(s) ahead`))).toBe(
        true,
      );
      const rerun = await started(p.platform.runConsumer(itemsConsumer(group, topic, noFaults())));
      await rerun.whenCaughtUp?.();
      expect(JSON.stringify([...(await readItems(suite.db.prisma))])).toBe(before);
    });
  });
});
