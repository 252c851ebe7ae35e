import { describe, expect, it } from "vitest";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { enqueueItems, itemsSuite, itemTopic, metricValue, type TransportName } from "./harness.js";

// Decision 0515 (issue #26): a relay pass claims only when there are unpublished rows. Before it,
// every pass opened a claim transaction (BEGIN, try-lock, claim, COMMIT) on each of the shards in
// turn, so a row waited for the empty shards ahead of it. Decision 0633: one claim transaction takes
// every shard it can lock. `pin_outbox_relay_claims_total` counts the claim transactions by
// outcome; one relay worker makes the count exact.
const MINUTE_MS = 60_000;
const SHARDS = 8;
const CLAIMS = "pin_outbox_relay_claims_total";

describeWithService(["postgres", "kafka"], "outbox relay visits only the shards with rows", () => {
  describe.each<TransportName>(["kafka", "local"])("%s transport", (transport) => {
    const suite = itemsSuite(transport, `events_shard_visits_${transport}`);
    const { put, started } = suite;
    const unpublished = (topic: string) =>
      suite.db.prisma.outboxMessage.count({ where: { topic, publishedAt: null } });

    async function relayOf(settings: Record<string, unknown>) {
      const p = put({ settings: { outboxShards: SHARDS, ...settings }, tuning: { relayWorkers: 1 } });
      const relay = await started(p.platform.startRelay());
      await relay.whenCaughtUp?.();
      await new Promise((r) => setTimeout(r, 300));
      return p;
    }

    it("a row committed into one of eight shards opens one claim transaction, without reading the hint first, and none comes back empty", async () => {
      const p = await relayOf({ outboxRelayIntervalMs: MINUTE_MS });
      expect(await metricValue(p.metrics, CLAIMS)).toBe(0);
      const topic = itemTopic();
      await enqueueItems(suite.db.prisma, topic, [{ Key: "one-shard", Seq: 1 }], p.clock);
      await eventually(() => unpublished(topic), {
        until: (n) => n === 0,
        what: "the row published on its commit signal",
        timeoutMs: 10_000,
      });
      expect(await metricValue(p.metrics, CLAIMS, { outcome: "published" })).toBe(1);
      expect(await metricValue(p.metrics, CLAIMS, { outcome: "empty" })).toBe(0);
    });

    it("polling without commit signals costs no claim transaction while the outbox is empty", async () => {
      const p = await relayOf({ outboxRelayIntervalMs: 50, commitSignals: false });
      await new Promise((r) => setTimeout(r, 500));
      expect(await metricValue(p.metrics, CLAIMS)).toBe(0);
      const topic = itemTopic();
      const keys = Array.from({ length: 40 }, (_, i) => ({ Key: `polled-${i}`, Seq: 1 }));
      await enqueueItems(suite.db.prisma, topic, keys, p.clock);
      await eventually(() => unpublished(topic), {
        until: (n) => n === 0,
        what: "the rows published by the poll",
        timeoutMs: 10_000,
      });
      // one transaction wrote them: one claim took all their shards (decision 0633), none came back empty
      const [{ shards } = { shards: 0 }] = await suite.db.prisma.$queryRaw<Array<{ shards: number }>>`
        SELECT count(DISTINCT abs(hashtext(key)::bigint) % ${SHARDS})::int AS shards
        FROM platform.outbox WHERE topic = ${topic}`;
      expect(shards).toBeGreaterThan(1);
      expect(await metricValue(p.metrics, CLAIMS, { outcome: "published" })).toBe(1);
      expect(await metricValue(p.metrics, CLAIMS, { outcome: "empty" })).toBe(0);
    });
  });
});
