import { afterAll, beforeAll, expect, it } from "vitest";
import { CATALOG_SYNC_TOPICS } from "../../../src/consumers/catalog-chessboard-sync.consumer.js";
import { seedDemoData } from "../../../src/demo/seed-demo-data.js";
import { DEMO_CHESSBOARD } from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../../src/platform/auth/jwt.js";
import { systemClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { TEST_API_ENV, TEST_JWT_SECRET } from "../../support/app.js";
import { type AppProcess, startAppProcess } from "../../support/app-process.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { isolationEnv } from "../../support/isolation.js";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../../support/otlp-receiver.js";
import { describeWithService, kafkaBrokers, type ServiceName } from "../../support/services.js";

/**
 * Issue #24 item 3: with the standard OTEL_* variables set, the app (its own process, `src/main.ts`
 * as `npm start` runs it, the local event log) exports over OTLP/HTTP JSON to a receiver in this
 * test, and one booking is ONE connected trace: the HTTP request → the GraphQL operation → its
 * outbox row → the relay's publish → chessboard's consumer → chessboard's outbox → its publish →
 * the catalog sync consumer and the live-subscription broadcast (docs/guide/tracing.md).
 */
const CHESSBOARD_GROUP = "pin-chessboard-crm-property-object-status";
const CATALOG_GROUP = "pin-catalog-chessboard-sync";
const SERVICE = "pin-otel-e2e";
const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MODES: ReadonlyArray<{ name: string; services: ServiceName[]; system: string; kafka: boolean }> = [
  { name: "local event log", services: ["postgres"], system: "pin-local-log", kafka: false },
  { name: "Kafka", services: ["postgres", "kafka"], system: "kafka", kafka: true },
];

for (const mode of MODES)
  describeWithService(
    mode.services,
    `OpenTelemetry on the ${mode.name}: one trace from createBooking to the catalog and the broadcast`,
    () => {
      let db: MigratedDatabase;
      let receiver: OtlpReceiver;
      let app: AppProcess | null = null;

      /**
       * The catalog sync has caught up with every chessboard event written so far (it would park a
       * building that arrives before its project): nothing left in the outbox, and a dedup mark of
       * the catalog group for every chessboard event it reads (either transport). With `quiet`, the
       * outbox has also had no new row for a second: the demo history's bookings go on making
       * chessboard events through crm's consumers after the catalog caught up with those so far, and
       * one of them in the catalog's batch with the test's status change makes that batch's span
       * link to both producers instead of being a child of one (decision 0202).
       */
      async function settle(quiet = false): Promise<void> {
        let lastId = -1n;
        let quietSince = Date.now();
        for (;;) {
          const rows = await db.prisma.$queryRaw<Array<{ behind: bigint; last: bigint | null }>>`
          SELECT (SELECT count(*) FROM platform.outbox WHERE published_at IS NULL)
               + (SELECT count(*) FROM platform.outbox WHERE topic = ANY(${[...CATALOG_SYNC_TOPICS]}::text[]))
               - (SELECT count(*) FROM platform.processed_messages WHERE group_id = ${CATALOG_GROUP}) AS behind,
                 (SELECT max(id) FROM platform.outbox) AS last`;
          const last = rows[0]?.last ?? 0n;
          if (last !== lastId) {
            lastId = last;
            quietSince = Date.now();
          }
          const caughtUp = Number(rows[0]?.behind ?? 1) <= 0;
          if (caughtUp && (!quiet || Date.now() - quietSince >= 1_000)) return;
          await pause(100);
        }
      }

      beforeAll(async () => {
        receiver = await startOtlpReceiver();
        db = await createMigratedDatabase("otel");
        app = await startAppProcess({
          // The first --import reports OpenTelemetry SDK loads: here they must happen (the production
          // build test asserts none without OTEL_*).
          args: ["--import", "./test/support/report-otel-loads.mjs", "--import", "tsx", "src/main.ts"],
          env: {
            ...TEST_API_ENV,
            NODE_ENV: "test",
            DATABASE_URL: db.url,
            PIN_SEED_DEMO: "false",
            PIN_ANALYTICS: "off",
            LOG_LEVEL: "warn",
            OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
            OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
            OTEL_SERVICE_NAME: SERVICE,
            OTEL_BSP_SCHEDULE_DELAY: "200",
            // Kafka: this file's own topics and groups on the shared broker (decision 0410).
            ...(mode.kafka ? { KAFKA_BROKERS: kafkaBrokers().join(","), ...isolationEnv() } : {}),
          },
        });
        const { logger } = createMemoryLogger();
        await seedDemoData({ db: db.prisma, log: logger, clock: systemClock }, settle);
        while (
          !(await db.prisma.crmPropertyObjectReplica.findFirst({
            where: { buildingId: DEMO_CHESSBOARD.buildingId },
          }))
        )
          await pause(100);
        await settle(true);
      }, 240_000);

      afterAll(async () => {
        await app?.dispose();
        await receiver?.close();
        await db?.drop();
      });

      it("createBooking → relay publish → chessboard consume → its outbox → catalog sync and broadcast share one traceId", async () => {
        const free = await db.prisma.chessboardPropertyObject.findFirstOrThrow({
          where: { buildingId: DEMO_CHESSBOARD.buildingId, status: "Free" },
          orderBy: { number: "asc" },
        });
        while (!(await db.prisma.crmPropertyObjectReplica.findUnique({ where: { id: free.id } })))
          await pause(100);
        const token = await createTokenService({ secret: TEST_JWT_SECRET, issuer: "pin-platform" }).sign({
          userId: DEMO_USERS.agent.userId,
          roles: ["agent"],
          tenantId: DEMO_USERS.agent.tenantId,
        });
        const response = await fetch(`${app?.base}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({
            query: `mutation { createBooking(dealId: "${DEMO_CRM.agentDealIds[0]}", propertyObjectId: "${free.id}") { __typename ... on Error { code message } } }`,
          }),
        });
        expect(await response.json()).toEqual({
          data: { createBooking: { __typename: "MutationCreateBookingSuccess" } },
        });

        const inTrace = (traceId: string) => receiver.spans().filter((s) => s.traceId === traceId);
        const operation = () => receiver.spans().find((s) => s.name === "mutation createBooking");
        const catalogOf = (spans: readonly ReceivedSpan[]) =>
          spans.find(
            (s) =>
              s.attributes["messaging.consumer.group.name"] === CATALOG_GROUP &&
              s.attributes["messaging.destination.name"] === TOPIC.propertyObjectStatusChanged,
          );
        const broadcastOf = (spans: readonly ReceivedSpan[]) =>
          spans.find((s) => s.name === `${TOPIC.propertyObjectStatusChanged} broadcast`);
        // Batches of 200 ms: wait until the far ends of the trace have been exported. On a timeout
        // the message says which spans the trace has, and what the database shows of the path.
        const farEnds = () => {
          const op = operation();
          const spans = op ? inTrace(op.traceId) : [];
          return Boolean(catalogOf(spans) && broadcastOf(spans));
        };
        const deadline = Date.now() + 60_000;
        while (!farEnds() && Date.now() < deadline) await pause(250);
        if (!farEnds()) {
          const op = operation();
          const names = op ? inTrace(op.traceId).map((s) => s.name) : ["(no mutation span)"];
          const path = await db.prisma.$queryRaw`
            SELECT (SELECT count(*) FROM platform.outbox WHERE published_at IS NULL)::int AS unpublished,
                   (SELECT json_agg(json_build_object('topic', topic, 'at', created_at, 'published', published_at))
                      FROM (SELECT topic, created_at, published_at FROM platform.outbox ORDER BY id DESC LIMIT 4) o) AS outbox,
                   (SELECT json_agg(json_build_object('group', group_id, 'topic', topic, 'error', last_error_code))
                      FROM platform.parked_messages) AS parked`;
          expect.fail(`trace incomplete after 60 s: ${JSON.stringify(names)}; ${JSON.stringify(path)}`);
        }

        const op = operation() as ReceivedSpan;
        const spans = inTrace(op.traceId);
        const byId = new Map(spans.map((s) => [s.spanId, s]));
        /** the span's ancestors, nearest first, as far as they are in this trace */
        const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
          const chain: ReceivedSpan[] = [];
          for (let p = byId.get(span.parentSpanId); p; p = byId.get(p.parentSpanId)) chain.push(p);
          return chain;
        };
        const descends = (span: ReceivedSpan | undefined, from: ReceivedSpan | undefined) =>
          Boolean(span && from && ancestors(span).includes(from));
        const names = spans.map((s) => s.name).sort();
        if (process.env.DUMP_TRACE) {
          const print = (s: ReceivedSpan, depth: number): string[] => [
            `${"  ".repeat(depth)}${s.name} [kind ${s.kind}]${s.links.length ? ` links ${s.links.length}` : ""} ${JSON.stringify(s.attributes)}`,
            ...spans.filter((c) => c.parentSpanId === s.spanId).flatMap((c) => print(c, depth + 1)),
          ];
          const { writeFileSync } = await import("node:fs");
          writeFileSync(
            process.env.DUMP_TRACE,
            spans
              .filter((s) => !byId.has(s.parentSpanId))
              .flatMap((r) => print(r, 0))
              .join("\n"),
          );
        }

        // The HTTP request's server span is the root; the GraphQL operation its child.
        const http = byId.get(op.parentSpanId);
        expect(http?.kind, names.join("\n")).toBe(SERVER);
        expect(http?.parentSpanId).toBe("");
        expect(op.attributes["graphql.operation.type"]).toBe("mutation");
        // The statements its work sends run under the operation: Prisma's, and the raw pg scope's
        // (decision 0631) — chessboard's consumer's among them, checked below.
        const statement = (s: (typeof spans)[number]) =>
          s.name.startsWith("prisma:") || s.name === "pg.query";
        expect(spans.some((s) => statement(s) && descends(s, op))).toBe(true);

        // crm's outbox row → the relay's publish span (producer), under the operation.
        const bookingPublish = spans.find((s) => s.name === `${TOPIC.bookingCreated} publish`);
        expect(bookingPublish?.kind).toBe(PRODUCER);
        expect(descends(bookingPublish, op), names.join("\n")).toBe(true);
        expect(bookingPublish?.attributes["messaging.system"]).toBe(mode.system);

        // chessboard's consumer: its receipt span (or, in a batch, its handle span) is the publish's child.
        const chessboard = spans.find(
          (s) =>
            s.attributes["messaging.consumer.group.name"] === CHESSBOARD_GROUP &&
            s.attributes["messaging.destination.name"] === TOPIC.bookingCreated,
        );
        expect(chessboard?.kind).toBe(CONSUMER);
        expect(chessboard?.parentSpanId).toBe(bookingPublish?.spanId);
        // its SQL on the raw pg scope: client spans with the statement's text (decision 0631)
        const chessboardSql = spans.filter((s) => s.name === "pg.query" && descends(s, chessboard));
        expect(
          chessboardSql.some((s) =>
            String(s.attributes["db.query.text"]).includes("chessboard.property_objects"),
          ),
        ).toBe(true);

        // chessboard's own outbox row → its publish span, under chessboard's consumer span.
        const statusPublish = spans.find((s) => s.name === `${TOPIC.propertyObjectStatusChanged} publish`);
        expect(statusPublish?.kind).toBe(PRODUCER);
        expect(descends(statusPublish, chessboard), names.join("\n")).toBe(true);

        // Its consumers: the catalog sync and this instance's live-subscription broadcast.
        const catalog = catalogOf(spans);
        expect(catalog?.kind).toBe(CONSUMER);
        expect(catalog?.parentSpanId).toBe(statusPublish?.spanId);
        expect(spans.some((s) => s.name.startsWith("catalog.sync") && descends(s, catalog))).toBe(true);
        expect(broadcastOf(spans)?.parentSpanId).toBe(statusPublish?.spanId);

        // No trace of a lone Prisma statement (the relay's and the local log's polls; sampler.ts).
        expect(receiver.spans().filter((s) => s.name.startsWith("prisma:") && s.parentSpanId === "")).toEqual(
          [],
        );
        // Everything came from the configured service; probes are not traced.
        expect(new Set(spans.map((s) => s.serviceName))).toEqual(new Set([SERVICE]));
        expect(receiver.spans().some((s) => s.attributes["url.path"] === "/readyz")).toBe(false);
        expect(receiver.rejected()).toBe(0);

        // SIGTERM: a clean stop that flushes the exporter.
        expect(await app?.stop()).toBe(0);
      }, 120_000);
    },
  );
