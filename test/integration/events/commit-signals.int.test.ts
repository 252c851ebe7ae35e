import pg from "pg";
import { describe, expect, it } from "vitest";
import { Prisma } from "../../../src/generated/prisma/client.js";
import type { EventEnvelope } from "../../../src/platform/events/envelope.js";
import { outboxInsert } from "../../../src/platform/events/outbox/enqueue.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { enqueueItems, itemsSuite, itemTopic, metricValue, type TransportName } from "./harness.js";

// Decision 0485 (issue #26): a commit into the outbox (and, embedded, into the local event log)
// wakes its pollers through LISTEN/NOTIFY. Every case makes the pollers' idle interval a minute,
// so only the signal can explain a row leaving within seconds.
const MINUTE_MS = 60_000;
const SIGNALLED_WITHIN_MS = 10_000;

describeWithService(["postgres", "kafka"], "commit signals (LISTEN/NOTIFY wake-ups)", () => {
  describe.each<TransportName>(["kafka", "local"])("%s transport", (transport) => {
    const suite = itemsSuite(transport, `events_signals_${transport}`);
    const { put, started } = suite;
    const unpublished = (topic: string) =>
      suite.db.prisma.outboxMessage.count({ where: { topic, publishedAt: null } });
    const signalConnections = async () =>
      Number(
        (
          await suite.db.prisma.$queryRaw<Array<{ n: bigint }>>`
            SELECT count(*) AS n FROM pg_stat_activity
             WHERE application_name = 'pin-commit-signals' AND datname = current_database()`
        )[0]?.n ?? 0,
      );

    /** The relay started, its first pass done and asleep for its (minute-long) idle interval. */
    async function idleRelay(settings: Record<string, unknown>) {
      const p = put({ settings: { outboxRelayIntervalMs: MINUTE_MS, ...settings } });
      const relay = await started(p.platform.startRelay());
      await relay.whenCaughtUp?.();
      await new Promise((r) => setTimeout(r, 300));
      return p;
    }

    it("a committed outbox row is published at once, though the relay's idle interval is a minute", async () => {
      const p = await idleRelay({});
      const topic = itemTopic();
      await enqueueItems(suite.db.prisma, topic, [{ Key: "signalled", Seq: 1 }], p.clock);
      await eventually(() => unpublished(topic), {
        until: (n) => n === 0,
        what: "the row published on its commit signal",
        timeoutMs: SIGNALLED_WITHIN_MS,
      });
      expect(
        await metricValue(p.metrics, "pin_commit_signals_total", { channel: "pin_outbox" }),
      ).toBeGreaterThan(0);
    });

    it("with PIN_COMMIT_SIGNALS=false the relay waits out its interval (polling is the fallback)", async () => {
      const p = await idleRelay({ commitSignals: false });
      const topic = itemTopic();
      await enqueueItems(suite.db.prisma, topic, [{ Key: "polled", Seq: 1 }], p.clock);
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await unpublished(topic)).toBe(1);
    });

    it("the signal connection, killed by PostgreSQL, comes back and wakes the relay again", async () => {
      const p = await idleRelay({});
      const killed = await suite.db.prisma.$queryRaw<Array<{ pid: number }>>`
        SELECT pg_terminate_backend(pid) AS ok, pid FROM pg_stat_activity
         WHERE application_name = 'pin-commit-signals' AND datname = current_database()`;
      expect(killed.length).toBeGreaterThan(0);
      await eventually(
        async () =>
          (
            await suite.db.prisma.$queryRaw<Array<{ n: bigint }>>`
              SELECT count(*) AS n FROM pg_stat_activity
               WHERE application_name = 'pin-commit-signals' AND datname = current_database()`
          )[0]?.n === BigInt(killed.length),
        { what: "the signal connection re-opened", timeoutMs: SIGNALLED_WITHIN_MS },
      );
      const topic = itemTopic();
      await enqueueItems(suite.db.prisma, topic, [{ Key: "after-reconnect", Seq: 1 }], p.clock);
      await eventually(() => unpublished(topic), {
        until: (n) => n === 0,
        what: "the row published on its commit signal after the reconnect",
        timeoutMs: SIGNALLED_WITHIN_MS,
      });
    });

    it("while the signals listen, an idle relay sleeps the slow fallback, not its own interval (decision 0588)", async () => {
      const p = put({ settings: { outboxRelayIntervalMs: 50, commitSignalFallbackMs: MINUTE_MS } });
      const relay = await started(p.platform.startRelay());
      await relay.whenCaughtUp?.();
      await eventually(signalConnections, { until: (n) => n > 0, what: "the signal connection open" });
      await new Promise((r) => setTimeout(r, 300));
      // A row whose commit sends no signal ('after-commit' with nobody sending it afterwards):
      // only a poll finds it, and a relay polling every 50 ms would have published it long since.
      const topic = itemTopic();
      const item = { Key: "unsignalled", Seq: 1 };
      const { sql } = outboxInsert(
        [{ topic, key: item.Key, aggregateType: "TestItem", payload: item }],
        p.clock,
        Prisma.sql`true`,
        "after-commit",
      );
      await suite.db.prisma.$executeRaw(sql);
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await unpublished(topic)).toBe(1);
      // The signal connection lost: the relay's long sleep ends and it polls at its interval again.
      await suite.db.prisma.$queryRaw`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'pin-commit-signals' AND datname = current_database()`;
      await eventually(() => unpublished(topic), {
        until: (n) => n === 0,
        what: "the unsignalled row published once the signals are down",
        timeoutMs: SIGNALLED_WITHIN_MS,
      });
    });

    if (transport === "local") {
      it("an append to the local event log wakes its readers, though they poll once a minute", async () => {
        const p = put({ tuning: { localPollMs: MINUTE_MS } });
        const topic = itemTopic();
        const seen: EventEnvelope<unknown>[] = [];
        await started(
          p.platform.runBroadcast({ name: "signals", topics: [topic], onEvent: (e) => void seen.push(e) }),
        );
        await started(p.platform.startRelay());
        // the signal connection must be listening before the append (a fixed 300 ms alone lost
        // the race once on a loaded CI host): then the readers' one-minute poll never helps
        await eventually(signalConnections, { until: (n) => n > 0, what: "the signal connection open" });
        await new Promise((r) => setTimeout(r, 300));
        await enqueueItems(suite.db.prisma, topic, [{ Key: "to-the-log", Seq: 1 }], p.clock);
        await eventually(() => seen.length, {
          until: (n) => n === 1,
          what: "the broadcast reader woken by the log's commit signal",
          timeoutMs: SIGNALLED_WITHIN_MS,
        });
      });

      it("a row held back by an older open transaction is read when that transaction ends, though its end sends no signal (decision 0620)", async () => {
        // Readers poll every 20 ms but sleep a minute while the signals listen.
        const p = put({ settings: { commitSignalFallbackMs: MINUTE_MS } });
        const topic = itemTopic();
        const seen: EventEnvelope<unknown>[] = [];
        await started(
          p.platform.runBroadcast({ name: "held", topics: [topic], onEvent: (e) => void seen.push(e) }),
        );
        await started(p.platform.startRelay());
        await eventually(signalConnections, { until: (n) => n > 0, what: "the signal connection open" });
        // A transaction of this database with its xid, older than the append: the appended row
        // is committed (and signalled) but behind the horizon until this one ends.
        const blocker = new pg.Client({ connectionString: suite.db.url });
        await blocker.connect();
        try {
          await blocker.query("BEGIN");
          await blocker.query("SELECT pg_current_xact_id()");
          await enqueueItems(suite.db.prisma, topic, [{ Key: "held-back", Seq: 1 }], p.clock);
          await eventually(() => unpublished(topic), { until: (n) => n === 0, what: "the row in the log" });
          await new Promise((r) => setTimeout(r, 500));
          expect(seen).toHaveLength(0);
          await blocker.query("COMMIT");
        } finally {
          await blocker.end();
        }
        await eventually(() => seen.length, {
          until: (n) => n === 1,
          what: "the held-back row read once the blocker ended",
          timeoutMs: SIGNALLED_WITHIN_MS,
        });
      });
    }
  });
});
