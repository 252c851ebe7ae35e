import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import {
  DEVSTATS_FUNNEL_BOOKING_DLQ,
  devStatsFunnelBookingCreatedConsumer,
} from "../../../src/consumers/devstats-funnel-booking-created.consumer.js";
import { DEVSTATS_FUNNEL_DEAL_DLQ } from "../../../src/consumers/devstats-funnel-deal-sale-started.consumer.js";
import { DEVSTATS_CLICKHOUSE_MIGRATIONS } from "../../../src/domain/devstats/devstats.clickhouse-migrations.js";
import { conversionRatios } from "../../../src/domain/devstats/funnel.js";
import { runClickHouseMigrations } from "../../../src/platform/clickhouse/migrations.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import type { AnyConsumerDefinition } from "../../../src/platform/events/consumer/definition.js";
import { DLQ_HEADER, HEADER } from "../../../src/platform/events/envelope.js";
import { createEventPlatform } from "../../../src/platform/events/event-platform.js";
import { enqueue } from "../../../src/platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { FEATURE_FLAGS } from "../../../src/platform/flags/feature-flags.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService, isCI } from "../../support/services.js";
import {
  createDevStatsHarness,
  type DevStatsHarness,
  DIMENSION_RETRIES,
  type EngineKind,
  openTestEngine,
  type TestEngine,
  uniqueChDatabase,
} from "./devstats-fixtures.js";
import {
  bookingMessage,
  bookingPayload,
  dealMessage,
  dealPayload,
  newObject,
  upsertedMessage,
} from "./devstats-messages.js";

const DEV = "0b5e1d7a-0000-4000-8000-0000000000a1";
const OTHER_DEV = "0b5e1d7a-0000-4000-8000-0000000000a2";
const DAY = "2026-03-01";
const AT = `${DAY}T10:00:00.000Z`;
const MINUTE = 60_000;

/**
 * The funnel spec's acceptance criteria and the extra cases, run unchanged on one engine
 * (the server over HTTP, or chdb in-process): the same SQL, the same consumer code.
 */
export function defineFunnelSuite(kind: EngineKind) {
  const service = kind === "server" ? "clickhouse" : "postgres";
  describeWithService(
    service,
    `devstats funnel on ${kind === "server" ? "ClickHouse server" : "chdb"}`,
    () => {
      let database: MigratedDatabase;
      let engine: TestEngine;
      let skip: string | null = null;
      const chDatabase = uniqueChDatabase(`devstats_${kind}`);
      const clock = new ManualClock("2026-03-02T08:00:00.000Z");
      let h: DevStatsHarness;

      beforeAll(async () => {
        database = await createMigratedDatabase(`devstats_${kind}`);
        const opened = await openTestEngine(kind);
        if ("skip" in opened) {
          // chdb is an optional dependency: outside CI a missing engine skips loudly; CI must have it.
          if (isCI()) throw new Error(`chdb funnel tests cannot run under CI=true: ${opened.skip}`);
          skip = opened.skip;
          console.warn(`\n!! SKIPPED chdb funnel tests: ${skip}\n`);
          return;
        }
        engine = opened;
      }, 120_000);
      afterAll(async () => {
        if (engine) {
          await engine.up().catch(() => {});
          if (kind === "server")
            await engine.clickhouse.command(`DROP DATABASE IF EXISTS ${chDatabase}`).catch(() => {});
          await engine.close();
        }
        await database?.drop();
      });
      beforeEach(async (ctx) => {
        if (skip) return ctx.skip(skip);
        h = await createDevStatsHarness({
          db: database.prisma,
          clickhouse: engine.clickhouse,
          database: chDatabase,
          clock,
        });
        await h.devstats.flags.set(FEATURE_FLAGS.devStatsFunnel, true, "test");
      });

      async function knownObject(developerId = DEV) {
        const o = newObject(developerId);
        expect(await h.deliver(upsertedMessage(o, "2026-02-01T00:00:00.000Z"))).toBe("applied");
        return o;
      }

      it("happy path: a booking-created for a known object adds exactly 1 to uniqMerge(Bookings) of PO × D", async () => {
        const o = await knownObject();
        const before = await h.bookings(o.propertyObjectId, DAY);
        expect(await h.deliver(bookingMessage(bookingPayload(o, AT)))).toBe("applied");
        expect(await h.bookings(o.propertyObjectId, DAY, DEV)).toBe(before + 1);
        expect(await h.metric("devstats_funnel_insert_rows")).toBeGreaterThan(0);
      });

      it("idempotency: a redelivery of the same event leaves Bookings unchanged and is acknowledged", async () => {
        const o = await knownObject();
        const msg = bookingMessage(bookingPayload(o, AT));
        expect(await h.deliver(msg)).toBe("applied");
        // The sink scope keeps no dedup marks: the redelivery is written again and acknowledged
        // (its offset committed), and uniqState(BookingId) leaves the count where it was.
        expect(await h.deliver(msg)).toBe("applied");
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);
        // A different message carrying the same BookingId (producer retry) does not count twice either.
        const again = bookingMessage(JSON.parse(msg.value));
        expect(await h.deliver(again)).toBe("applied");
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);
      });

      it("tenant guard: TenantId ≠ dim.DeveloperId writes nothing, skips and raises the tenant alert metric", async () => {
        const o = await knownObject(DEV);
        const foreign = bookingPayload(o, AT, { TenantId: OTHER_DEV });
        expect(await h.deliver(bookingMessage(foreign))).toBe("skipped");
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(0);
        const leaked = await engine.clickhouse.query<{ n: string }>(
          `SELECT count() AS n FROM ${chDatabase}.funnel_daily WHERE DeveloperId = '${OTHER_DEV}'`,
        );
        expect(Number(leaked[0]?.n)).toBe(0);
        expect(await h.metric("devstats_funnel_tenant_mismatch_total")).toBe(1);
        expect(h.dlq).toHaveLength(0);
      });

      it("late dimension: parked, filled once the dimension arrives; a persistent miss goes to the DLQ with the dimension-gap alert", async () => {
        // Arrives later.
        const late = newObject(DEV);
        const booking = bookingMessage(bookingPayload(late, AT));
        expect(await h.deliver(booking)).toBe("parked");
        expect(await h.bookings(late.propertyObjectId, DAY)).toBe(0);
        expect(await h.deliver(upsertedMessage(late, "2026-02-01T00:00:00.000Z"))).toBe("applied");
        clock.advance(2 * MINUTE);
        expect(await h.retryParked()).toEqual(["applied"]);
        expect(await h.bookings(late.propertyObjectId, DAY)).toBe(1);

        // Never arrives: N re-enrichments with backoff, then DLQ + dimension gap.
        const missing = newObject(DEV);
        expect(await h.deliver(bookingMessage(bookingPayload(missing, AT)))).toBe("parked");
        for (let attempt = 1; attempt < DIMENSION_RETRIES; attempt++) {
          clock.advance(60 * MINUTE);
          expect(await h.retryParked()).toEqual(["parked"]);
        }
        clock.advance(60 * MINUTE);
        expect(await h.retryParked()).toEqual(["dead-lettered"]);
        expect(await h.parkedRows()).toHaveLength(0);
        expect(h.dlq).toHaveLength(1);
        expect(h.dlq[0]?.topic).toBe(DEVSTATS_FUNNEL_BOOKING_DLQ);
        expect(h.dlq[0]?.headers[DLQ_HEADER.errorCode]).toBe("DEVSTATS_DIMENSION_NOT_FOUND");
        expect(await h.metric("devstats_funnel_dimension_gap_total")).toBe(1);
        expect(await h.bookings(missing.propertyObjectId, DAY)).toBe(0);
        h.dlq.length = 0;
      });

      it("a booking's redelivery is not held behind its parked first delivery (order-free sink): counted once", async () => {
        const late = newObject(DEV);
        const msg = bookingMessage(bookingPayload(late, AT));
        expect(await h.deliver(msg)).toBe("parked");
        expect(await h.deliver(upsertedMessage(late, "2026-02-01T00:00:00.000Z"))).toBe("applied");
        // With per-key order kept it would wait as "parked-behind" until the parked retry.
        expect(await h.deliver(msg)).toBe("applied");
        expect(await h.bookings(late.propertyObjectId, DAY)).toBe(1);
        clock.advance(2 * MINUTE);
        expect(await h.retryParked()).toEqual(["applied"]);
        expect(await h.bookings(late.propertyObjectId, DAY)).toBe(1);
        expect(await h.parkedRows()).toHaveLength(0);
      });

      it("flag off / broken payload: nothing is written, the event is acknowledged (ack/skip), aggregates intact", async () => {
        const o = await knownObject();
        await h.devstats.flags.set(FEATURE_FLAGS.devStatsFunnel, false, "test");
        expect(await h.deliver(bookingMessage(bookingPayload(o, AT)))).toBe("skipped");
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(0);
        // Switched back at run time, no restart: the next booking counts.
        await h.devstats.flags.set(FEATURE_FLAGS.devStatsFunnel, true, "test");
        expect(await h.deliver(bookingMessage(bookingPayload(o, AT)))).toBe("applied");
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);

        const { PropertyObjectId: _dropped, ...broken } = bookingPayload(o, AT);
        expect(await h.deliver(bookingMessage(broken))).toBe("skipped");
        expect(await h.deliver(bookingMessage({ ...bookingPayload(o, AT), CreatedAt: "not a date" }))).toBe(
          "skipped",
        );
        expect(h.dlq).toHaveLength(0);
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);
        expect(h.logs.some((l) => l.msg === "invalid payload skipped by policy")).toBe(true);
      });

      it("storage outage: the insert fails → no commit, backoff; the catch-up after recovery counts once", async () => {
        const o = await knownObject();
        const msg = bookingMessage(bookingPayload(o, AT));
        await engine.down();
        try {
          expect(await h.deliver(msg)).toBe("infrastructure");
          expect(await h.deliver(msg)).toBe("infrastructure");
        } finally {
          await engine.up();
        }
        // Nothing was committed for it: the transport does not commit an "infrastructure" outcome;
        // not parked, not dead-lettered, nothing written.
        expect(await h.parkedRows()).toHaveLength(0);
        expect(h.dlq).toHaveLength(0);
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(0);
        expect(
          await h.metric("pin_consumer_infrastructure_errors_total", { group: h.funnelGroup }),
        ).toBeGreaterThanOrEqual(2);
        // Catch-up: the same message again, then a redelivery of it.
        expect(await h.deliver(msg)).toBe("applied");
        expect(await h.deliver(msg)).toBe("applied");
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);
      });

      it("storage outage through the transport (local event log): nothing committed while ClickHouse is down, retried with backoff, the catch-up counts once", async () => {
        const o = await knownObject();
        const { logger, entries } = createMemoryLogger();
        const metrics = createMetricsRegistry();
        const platform = createEventPlatform({
          settings: { ...loadSettings({ NODE_ENV: "test" }), kafkaBrokers: null, outboxRelayIntervalMs: 20 },
          db: database.prisma,
          log: logger,
          metrics,
          clock: { now: () => new Date() },
          tuning: { localPollMs: 20, parkedScanMs: 50 },
        });
        const relay = platform.startRelay();
        const consumer = platform.runConsumer(
          devStatsFunnelBookingCreatedConsumer(h.devstats) as AnyConsumerDefinition,
        );
        let stopped = false;
        const stop = async () => {
          if (stopped) return;
          stopped = true;
          await consumer.stop();
          await relay.stop();
          await platform.close();
        };
        // A failure must not leave this consumer's parked scanner running into the next test.
        onTestFinished(stop);
        const infrastructureErrors = async () =>
          (
            (await metrics.getSingleMetric("pin_consumer_infrastructure_errors_total")?.get())?.values ?? []
          ).reduce((sum, v) => sum + v.value, 0);
        // What the transport did, for a failure's message (the waits below failed twice in CI).
        const transportReport = async () => ({
          log: entries.slice(-25).map((e) => ({
            msg: e.msg,
            level: e.level,
            ...(e.errorCode ? { errorCode: e.errorCode } : {}),
            ...(e.failures ? { failures: e.failures, delayMs: e.delayMs } : {}),
            ...(e.err ? { err: (e.err as { message?: string }).message } : {}),
          })),
          parked: (await h.parkedRows()).length,
          outbox: await database.prisma
            .$queryRaw`SELECT count(*)::int AS n, count(published_at)::int AS published FROM platform.outbox`,
          eventLog: await database.prisma.$queryRaw`SELECT count(*)::int AS n FROM platform.event_log`,
          offsets: await database.prisma
            .$queryRaw`SELECT group_id, topic, last_tx_id::text AS tx, last_id::text AS id FROM platform.consumer_offsets`,
        });
        await engine.down();
        try {
          await relay.start();
          await consumer.start();
          await database.prisma.$transaction((tx) =>
            enqueue(tx, {
              topic: TOPIC.bookingCreated,
              key: randomUUID(),
              aggregateType: "Booking",
              payload: bookingPayload(o, AT),
            }),
          );
          // Two failed attempts, the topic paused in between: the offset stays before the message.
          await eventually(async () => (await infrastructureErrors()) >= 2, {
            what: "two failed inserts",
            timeoutMs: 30_000,
            // What the transport did meanwhile: once seen failing in CI and never since (session 22).
            report: transportReport,
          });
          expect(entries.some((e) => e.msg === "topic paused after infrastructure failure")).toBe(true);
        } finally {
          await engine.up();
        }
        // Had the offset moved past the message while ClickHouse was down, it would never count.
        // Within one parked retry (30 s) and the longest backoff the outage can have reached: twice
        // in CI (sessions 21, 22) the catch-up took over 30 s, cause unseen; the report says next time.
        await eventually(async () => (await h.bookings(o.propertyObjectId, DAY)) === 1, {
          what: "the catch-up insert",
          timeoutMs: 75_000,
          report: transportReport,
        });
        await stop();
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);
        expect(await h.parkedRows()).toHaveLength(0);
      }, 120_000);

      it("partial rows of another stage merge with Bookings: both read back by uniqMerge without FINAL", async () => {
        const o = await knownObject();
        expect(await h.deliver(bookingMessage(bookingPayload(o, AT)))).toBe("applied");
        // Another producer fills Views for the same key later (three distinct viewers, one twice).
        await engine.clickhouse.command(
          `INSERT INTO ${chDatabase}.funnel_daily (DeveloperId, ProjectId, BuildingId, LayoutGroupId, LayoutId, PropertyObjectId, EventDate, Views)
         SELECT '${o.developerId}', '${o.projectId}', '${o.buildingId}', '${o.layoutGroupId}', '${o.layoutId}', '${o.propertyObjectId}',
                toDate('${DAY}'), uniqState(v) FROM (SELECT arrayJoin(['u1', 'u2', 'u3', 'u1']) AS v)`,
        );
        const result = await h.devstats.store.readFunnel({
          developerId: DEV,
          projectId: null,
          buildingId: null,
          layoutGroupId: null,
          layoutId: null,
          propertyObjectId: o.propertyObjectId,
          from: DAY,
          to: DAY,
          groupBy: "DAY",
        });
        expect(result.total).toMatchObject({ Views: 3, Bookings: 1, Leads: 0, Deals: 0 });
        expect(result.days).toEqual([expect.objectContaining({ Day: DAY, Views: 3, Bookings: 1 })]);
      });

      it("one batch mixing tenants, late dimensions, duplicates and a broken payload", async () => {
        const mine = await knownObject(DEV);
        const theirs = await knownObject(OTHER_DEV);
        const late = newObject(DEV);
        const b1 = bookingPayload(mine, AT);
        const b2 = bookingPayload(theirs, AT);
        const m1 = bookingMessage(b1);
        const batch = [
          m1,
          m1, // duplicate delivery inside the batch
          bookingMessage(b2), // the other developer's own booking: counted for them
          bookingMessage({ ...bookingPayload(mine, AT), TenantId: OTHER_DEV }), // tenant mismatch
          bookingMessage(bookingPayload(late, AT)), // late dimension
          bookingMessage({ BookingId: randomUUID() }), // broken
          bookingMessage({ ...b1 }), // same booking, another message
        ];
        const results = await h.deliverBatch(batch);
        expect(results).not.toBe("infrastructure");
        const byIndex = results as string[];
        expect(byIndex[0]).toBe("applied");
        expect(["applied", "skipped-duplicate"]).toContain(byIndex[1]);
        expect(byIndex.slice(2)).toEqual(["applied", "skipped", "parked", "skipped", "applied"]);
        expect(await h.parkedRows()).toHaveLength(1);
        expect(await h.metric("devstats_funnel_tenant_mismatch_total")).toBeGreaterThanOrEqual(1);
        expect(await h.bookings(mine.propertyObjectId, DAY, DEV)).toBe(1);
        expect(await h.bookings(theirs.propertyObjectId, DAY, OTHER_DEV)).toBe(1);
        expect(await h.bookings(late.propertyObjectId, DAY)).toBe(0);
        // The late one stays parked for its retries; not this test's concern any more.
        await database.prisma
          .$executeRaw`DELETE FROM platform.parked_messages WHERE group_id = ${h.funnelGroup}`;
      });

      it("a dimension arriving after its booking is counted exactly once (and a newer path wins by UpsertedAt)", async () => {
        const o = newObject(DEV);
        const booking = bookingMessage(bookingPayload(o, AT));
        expect(await h.deliver(booking)).toBe("parked");
        expect(await h.deliver(upsertedMessage(o, "2026-02-01T00:00:00.000Z", 1))).toBe("applied");
        clock.advance(2 * MINUTE);
        expect(await h.retryParked()).toEqual(["applied"]);
        expect(await h.retryParked()).toEqual([]);
        expect(await h.deliver(booking)).toBe("applied"); // redelivered: written again, counted once
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);
        // An older hierarchy replayed later (e.g. from the DLQ) does not become the latest path.
        const moved = { ...o, buildingId: randomUUID() };
        expect(await h.deliver(upsertedMessage(moved, "2026-02-05T00:00:00.000Z", 2))).toBe("applied");
        expect(await h.deliver(upsertedMessage(o, "2026-02-01T00:00:00.000Z", 1))).toBe("applied");
        const found = await h.devstats.store.findDimensions([o.propertyObjectId]);
        expect(found.get(o.propertyObjectId)?.BuildingId).toBe(moved.buildingId);
      });

      it("the sink inserts at most PIN_DEVSTATS_BATCH_ROWS rows per insert and reports the parts it created", async () => {
        const o = await knownObject();
        const { projectId, buildingId, layoutGroupId, layoutId, propertyObjectId } = o;
        const path = {
          DeveloperId: DEV,
          ProjectId: projectId,
          BuildingId: buildingId,
          LayoutGroupId: layoutGroupId ?? "",
          LayoutId: layoutId ?? "",
          PropertyObjectId: propertyObjectId,
        };
        const rows = Array.from({ length: 2_500 }, (_, i) => ({
          ...path,
          EventDate: i % 2 === 0 ? "2026-03-31" : "2026-04-01", // two monthly partitions per insert
          BookingId: randomUUID(),
        }));
        const sink = h.devstats.ingest.newSink();
        sink.write(rows);
        expect(sink.pending).toBe(2_500);
        expect(await sink.flush()).toEqual({ rows: 2_500, inserts: 3, parts: 6 });
        expect(sink.pending).toBe(0);
        expect(
          (await h.bookings(propertyObjectId, "2026-03-31")) +
            (await h.bookings(propertyObjectId, "2026-04-01")),
        ).toBe(2_500);
        expect(await h.metric("devstats_funnel_insert_parts")).toBe(3); // observations (one per insert)
      });

      it("contract version ≠ 1: warned about and counted, then processed (warn-and-proceed)", async () => {
        const o = await knownObject();
        const plain = bookingMessage(bookingPayload(o, AT));
        const msg = { ...plain, headers: { ...plain.headers, [HEADER.contractVersion]: "2" } };
        expect(await h.deliver(msg)).toBe("applied");
        expect(await h.bookings(o.propertyObjectId, DAY)).toBe(1);
        expect(await h.metric("pin_consumer_contract_mismatch_total", { group: h.funnelGroup })).toBe(1);
        expect(h.logs.some((l) => l.msg === "contract version mismatch")).toBe(true);
      });

      it("dimension ingest: a malformed upsert goes to the DLQ; a valid one is idempotent on redelivery", async () => {
        const o = newObject(DEV);
        const template = upsertedMessage(o, "2026-02-01T00:00:00.000Z");
        const bad = {
          ...template,
          value: JSON.stringify({ ...JSON.parse(template.value), UpdatedAt: "2026-02-01" }),
        };
        expect(await h.deliver(bad)).toBe("dead-lettered");
        const good = upsertedMessage(o, "2026-02-01T00:00:00.000Z");
        expect(await h.deliver(good)).toBe("applied");
        expect(await h.deliver(good)).toBe("applied"); // redelivered: a second identical row, same latest path
        expect(
          (await h.devstats.store.findDimensions([o.propertyObjectId])).get(o.propertyObjectId),
        ).toMatchObject({
          DeveloperId: DEV,
          BuildingId: o.buildingId,
        });
        h.dlq.length = 0;
      });

      describe("Deals stage (pin.crm.deal-sale-started.v1 → funnel_daily.Deals)", () => {
        const SOLD = `${DAY}T15:00:00.000Z`;

        it("deals happy path: a deal-sale-started for a known object adds exactly 1 to uniqMerge(Deals) of PO × UTC day of SoldAt", async () => {
          const o = await knownObject();
          // 23:30 at -03:00 is the next UTC day: EventDate follows SoldAt in UTC.
          const late = dealPayload(o, "2026-03-01T23:30:00-03:00");
          expect(await h.deliver(dealMessage(dealPayload(o, SOLD)))).toBe("applied");
          expect(await h.deliver(dealMessage(late))).toBe("applied");
          expect(await h.deals(o.propertyObjectId, DAY, DEV)).toBe(1);
          expect(await h.deals(o.propertyObjectId, "2026-03-02", DEV)).toBe(1);
          expect(await h.bookings(o.propertyObjectId, DAY)).toBe(0);
          expect(await h.metric("devstats_funnel_events_total", { stage: "Deals", result: "applied" })).toBe(
            2,
          );
        });

        it("deals idempotency: a redelivery, another message with the same DealId and a replay leave Deals unchanged", async () => {
          const o = await knownObject();
          const payload = dealPayload(o, SOLD);
          const msg = dealMessage(payload);
          expect(await h.deliver(msg)).toBe("applied");
          expect(await h.deliver(msg)).toBe("applied");
          expect(await h.deliver(dealMessage({ ...payload, BookingId: randomUUID() }))).toBe("applied");
          expect(await h.deliverBatch([msg, msg, dealMessage(payload)])).not.toBe("infrastructure");
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(1);
        });

        it("deals tolerant reader: only DealId, PropertyObjectId, TenantId and SoldAt are read; extra fields are ignored", async () => {
          const o = await knownObject();
          const extra = dealPayload(o, SOLD, { Comment: "extra", Price: "12500000.00", Nested: { A: 1 } });
          expect(await h.deliver(dealMessage(extra))).toBe("applied");
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(1);
          const { DealId: _dropped, ...noDeal } = dealPayload(o, SOLD);
          expect(await h.deliver(dealMessage(noDeal))).toBe("skipped");
          expect(await h.deliver(dealMessage(dealPayload(o, SOLD, { SoldAt: "tomorrow" })))).toBe("skipped");
          expect(await h.deliver(dealMessage(dealPayload(o, SOLD, { PropertyObjectId: "1' OR 1=1" })))).toBe(
            "skipped",
          );
          expect(h.dlq).toHaveLength(0);
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(1);
        });

        it("deals conformance: a payload of exactly the four fields of decision 0350 (DealId, PropertyObjectId, TenantId, SoldAt; no BookingId, Version, Status or StartedByUserId) is counted, a SoldAt with an offset and fractions included", async () => {
          const o = await knownObject();
          // Written from the Deals stage's table (decision 0350), not from our crm producer.
          const fourFields = {
            DealId: randomUUID(),
            PropertyObjectId: o.propertyObjectId,
            TenantId: o.developerId,
            SoldAt: `${DAY}T18:00:00.123456+03:00`,
          };
          expect(await h.deliver(dealMessage(fourFields))).toBe("applied");
          expect(await h.deals(o.propertyObjectId, DAY, DEV)).toBe(1);
          expect(h.dlq).toHaveLength(0);
        });

        it("deals tenant guard: TenantId ≠ dim.DeveloperId writes nothing, skips and raises the tenant alert metric", async () => {
          const o = await knownObject(DEV);
          expect(await h.deliver(dealMessage(dealPayload(o, SOLD, { TenantId: OTHER_DEV })))).toBe("skipped");
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(0);
          const leaked = await engine.clickhouse.query<{ n: string }>(
            `SELECT count() AS n FROM ${chDatabase}.funnel_daily WHERE PropertyObjectId = '${o.propertyObjectId}'`,
          );
          expect(Number(leaked[0]?.n)).toBe(0);
          expect(await h.metric("devstats_funnel_tenant_mismatch_total")).toBe(1);
          expect(
            await h.metric("devstats_funnel_events_total", { stage: "Deals", result: "tenant_mismatch" }),
          ).toBe(1);
        });

        it("deals late dimension: parked, filled once the dimension arrives; a persistent miss goes to the deals DLQ with the dimension-gap alert", async () => {
          const late = newObject(DEV);
          expect(await h.deliver(dealMessage(dealPayload(late, SOLD)))).toBe("parked");
          expect(await h.deliver(upsertedMessage(late, "2026-02-01T00:00:00.000Z"))).toBe("applied");
          clock.advance(2 * MINUTE);
          expect(await h.retryParked(h.dealGroup)).toEqual(["applied"]);
          expect(await h.deals(late.propertyObjectId, DAY)).toBe(1);

          const missing = newObject(DEV);
          expect(await h.deliver(dealMessage(dealPayload(missing, SOLD)))).toBe("parked");
          for (let attempt = 1; attempt < DIMENSION_RETRIES; attempt++) {
            clock.advance(60 * MINUTE);
            expect(await h.retryParked(h.dealGroup)).toEqual(["parked"]);
          }
          clock.advance(60 * MINUTE);
          expect(await h.retryParked(h.dealGroup)).toEqual(["dead-lettered"]);
          expect(await h.parkedRows(h.dealGroup)).toHaveLength(0);
          expect(h.dlq).toHaveLength(1);
          expect(h.dlq[0]?.topic).toBe(DEVSTATS_FUNNEL_DEAL_DLQ);
          expect(h.dlq[0]?.headers[DLQ_HEADER.errorCode]).toBe("DEVSTATS_DIMENSION_NOT_FOUND");
          expect(await h.metric("devstats_funnel_dimension_gap_total")).toBe(1);
          h.dlq.length = 0;
        });

        it("deals flag off: nothing written, acknowledged; back on at run time, the next deal counts", async () => {
          const o = await knownObject();
          await h.devstats.flags.set(FEATURE_FLAGS.devStatsFunnel, false, "test");
          expect(await h.deliver(dealMessage(dealPayload(o, SOLD)))).toBe("skipped");
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(0);
          await h.devstats.flags.set(FEATURE_FLAGS.devStatsFunnel, true, "test");
          expect(await h.deliver(dealMessage(dealPayload(o, SOLD)))).toBe("applied");
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(1);
        });

        it("deals storage outage: the insert fails → no commit (infrastructure); the catch-up counts once", async () => {
          const o = await knownObject();
          const msg = dealMessage(dealPayload(o, SOLD));
          await engine.down();
          try {
            expect(await h.deliver(msg)).toBe("infrastructure");
          } finally {
            await engine.up();
          }
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(0);
          expect(await h.parkedRows(h.dealGroup)).toHaveLength(0);
          expect(
            await h.metric("pin_consumer_infrastructure_errors_total", { group: h.dealGroup }),
          ).toBeGreaterThanOrEqual(1);
          expect(await h.deliver(msg)).toBe("applied");
          expect(await h.deliver(msg)).toBe("applied");
          expect(await h.deals(o.propertyObjectId, DAY)).toBe(1);
        });

        it("Bookings and Deals of the same slice merge without FINAL; conversion per slice (day) and for the total", async () => {
          const o = await knownObject();
          // Day 1: 4 bookings, 1 deal; day 2: 1 booking, 2 deals (of earlier bookings: not a cohort).
          for (let i = 0; i < 4; i++)
            expect(await h.deliver(bookingMessage(bookingPayload(o, AT)))).toBe("applied");
          expect(await h.deliver(dealMessage(dealPayload(o, SOLD)))).toBe("applied");
          const day2 = "2026-03-02T09:00:00.000Z";
          expect(await h.deliver(bookingMessage(bookingPayload(o, day2)))).toBe("applied");
          for (let i = 0; i < 2; i++)
            expect(await h.deliver(dealMessage(dealPayload(o, day2)))).toBe("applied");
          const sql = await engine.clickhouse.query<{ b: string; d: string }>(
            `SELECT toUInt64(uniqMerge(Bookings)) AS b, toUInt64(uniqMerge(Deals)) AS d FROM ${chDatabase}.funnel_daily
             WHERE DeveloperId = '${DEV}' AND BuildingId = '${o.buildingId}'`,
          );
          expect([Number(sql[0]?.b), Number(sql[0]?.d)]).toEqual([5, 3]);
          const read = await h.devstats.reads.conversionFunnel(
            { userId: "m", roles: ["developer_manager"], tenantId: DEV } as never,
            { buildingId: o.buildingId, from: DAY, to: "2026-03-02", groupBy: "DAY" },
          );
          expect(read.counts).toMatchObject({ Views: 0, Bookings: 5, Deals: 3 });
          expect(conversionRatios(read.counts)).toEqual([{ from: "Bookings", to: "Deals", ratio: 0.6 }]);
          expect(read.days.map((d) => [d.Day, conversionRatios(d)])).toEqual([
            [DAY, [{ from: "Bookings", to: "Deals", ratio: 0.25 }]],
            ["2026-03-02", [{ from: "Bookings", to: "Deals", ratio: 2 }]],
          ]);
        });
      });

      it("ClickHouse migrations are versioned: a second run applies nothing", async () => {
        const again = await runClickHouseMigrations(
          engine.clickhouse,
          chDatabase,
          DEVSTATS_CLICKHOUSE_MIGRATIONS,
        );
        expect(again).toEqual({ applied: [], alreadyApplied: [1, 2, 3, 4] });
        const versions = await engine.clickhouse.query<{ Version: number | string }>(
          `SELECT Version FROM ${chDatabase}.schema_migrations ORDER BY Version`,
        );
        expect(versions.map((v) => Number(v.Version))).toEqual([1, 2, 3, 4]);
      });

      it("replay of the topic from the beginning leaves every count unchanged", async () => {
        const objects = [await knownObject(), await knownObject()];
        const messages = objects.flatMap((o, i) =>
          Array.from({ length: 3 + i }, (_, j) =>
            bookingMessage(bookingPayload(o, `2026-03-0${1 + (j % 2)}T1${j}:00:00.000Z`)),
          ),
        );
        for (const m of messages) expect(await h.deliver(m)).toBe("applied");
        const before = await h.snapshot();
        // From the beginning, one message at a time and then as one batch: the sink scope keeps no
        // dedup marks, every message is written again, and uniqState(BookingId) holds the counts.
        for (const m of messages) expect(await h.deliver(m)).toBe("applied");
        expect(await h.snapshot()).toBe(before);
        expect(await h.deliverBatch(messages)).toEqual(messages.map(() => "applied"));
        expect(await h.snapshot()).toBe(before);
      });
    },
  );
}
