import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DLQ_HEADER } from "../../../src/platform/events/envelope.js";
import { dlqTopicFor, TOPIC } from "../../../src/platform/events/topics.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import {
  buildingEvent,
  developerEvent,
  lotEvent,
  priceEvent,
  projectEvent,
  statusEvent,
} from "../../support/fixtures/catalog-events.js";
import { requireService } from "../../support/services.js";
import {
  deadLetters,
  lotCard,
  metricValue,
  newStructure,
  projectCard,
  publishStructure,
} from "./catalog-fixtures.js";
import { type CatalogRig, createCatalogRig, FAST_RETRIES_MS, readKafkaTopic } from "./catalog-harness.js";
import { startFakeRewards } from "./fake-rewards-server.js";

await requireService("postgres");
await requireService("kafka");

/** The spec's status SLA: a sale status change is on the storefront card within a minute. */
const SLA_MS = 60_000;
const USD = { Id: 840, IsoCode: "USD", Name: "US dollar", Symbol: "$" };

describe("pin-catalog-chessboard-sync over Kafka: the spec's acceptance criteria", {
  timeout: 60_000,
}, () => {
  let database: MigratedDatabase;
  let rig: CatalogRig;
  let rewards: Awaited<ReturnType<typeof startFakeRewards>>;
  const db = () => database.prisma;
  const labels = (topic: keyof CatalogRig["topics"]) => ({ group: rig.group, topic: rig.topics[topic] });

  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_sync");
    rewards = await startFakeRewards();
    rig = createCatalogRig(database.prisma, { rewardsUrl: rewards.url, rewardsTimeoutMs: 300 });
    await rig.start();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail") {
      const parked = await db().$queryRaw<
        unknown[]
      >`SELECT topic, key, attempts, last_error_code, next_attempt_at FROM platform.parked_messages`;
      const unpublished = await db().$queryRaw<
        unknown[]
      >`SELECT count(*)::int AS n FROM platform.outbox WHERE published_at IS NULL`;
      console.error(
        "PARKED",
        JSON.stringify(parked),
        "UNPUBLISHED",
        JSON.stringify(unpublished),
        "FINISHED",
        await rig.finished(),
      );
      const noisy = rig.logs.slice(-25).map((l) => ({
        t: l.time,
        msg: l.msg,
        topic: l.topic,
        err: (l.err as { message?: string })?.message,
      }));
      console.error(JSON.stringify(noisy, null, 1).slice(0, 6000));
    }
  });
  afterAll(async () => {
    await rig?.stop();
    await rewards?.close();
    await database?.drop();
  });

  it("Создание карточки проекта: Published, PublishedAt = event time, effective = snapshot, aggregates 0/null, ChessboardVersion = 1", async () => {
    const s = newStructure(0);
    const at = "2026-12-01T09:00:00.000Z";
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId }),
      {
        at,
      },
    );
    const card = await eventually(() => projectCard(db(), s.projectId));
    expect(card).toMatchObject({
      status: "Published",
      name: "ЖК Пример",
      sourceName: "ЖК Пример",
      address: "ул. Примерная, 1",
      sourceAddress: "ул. Примерная, 1",
      distanceMinutes: 10,
      minPrice: null,
      maxPrice: null,
      propertyObjectsTotal: 0,
      propertyObjectsAvailable: 0,
      developerName: "ГК Пример",
      kind: "ResidentialComplex",
    });
    expect(card.chessboardVersion).toBe(1n);
    expect(card.publishedAt?.toISOString()).toBe(at);
    expect(card.chessboardSyncedAt.toISOString()).toBe(at);
    expect(card.analyticsAsOf).toBeNull();
  });

  it("SourceSnapshot.AnalyticsAsOf: null on creation; a later project-upserted rewrites the snapshot and keeps what invest-analytics wrote", async () => {
    const s = newStructure(0);
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId }),
    );
    expect((await eventually(() => projectCard(db(), s.projectId))).analyticsAsOf).toBeNull();
    const asOf = new Date("2026-12-01T06:00:00.000Z");
    await db()
      .$executeRaw`UPDATE catalog.project_cards SET analytics_as_of = ${asOf} WHERE id = ${s.projectId}::uuid`;
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Version: 2, Name: "ЖК Новое имя" }),
    );
    const card = await eventually(async () => {
      const c = await projectCard(db(), s.projectId);
      return c?.sourceName === "ЖК Новое имя" ? c : null;
    });
    expect(card.analyticsAsOf?.toISOString()).toBe(asOf.toISOString());
  });

  it("Out-of-order: объект раньше проекта — the lot waits Hidden (project-missing), the project's cascade publishes it", async () => {
    const s = newStructure(1);
    const id = s.lotIds[0] as string;
    await rig.publish(
      TOPIC.propertyObjectUpserted,
      id,
      lotEvent({ Id: id, ProjectId: s.projectId, BuildingId: s.buildingId, TenantId: s.developerId }),
    );
    const hidden = await eventually(() => lotCard(db(), id));
    expect(hidden.status).toBe("Hidden");
    expect(rig.logs.some((l) => l.msg === "project-missing" && l.aggregateId === id)).toBe(true);
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId }),
    );
    const published = await eventually(async () => {
      const c = await lotCard(db(), id);
      return c?.status === "Published" ? c : null;
    });
    expect(published).toMatchObject({
      projectName: "ЖК Пример",
      address: "ул. Примерная, 1",
      regionName: "Москва",
    });
    expect((await projectCard(db(), s.projectId))?.propertyObjectsAvailable).toBe(1);
  });

  it("Out-of-order: статус раньше upsert — CATALOG_SYNC_PROPERTY_OBJECT_NOT_FOUND, retried per the schedule, then DLQ", async () => {
    const s = newStructure(1);
    const id = s.lotIds[0] as string;
    const before = await metricValue(
      rig.metrics,
      "catalog_chessboard_sync_retries_total",
      labels(TOPIC.propertyObjectStatusChanged),
    );
    await rig.publish(
      TOPIC.propertyObjectStatusChanged,
      id,
      statusEvent({
        PropertyObjectId: id,
        TenantId: s.developerId,
        ProjectId: s.projectId,
        BuildingId: s.buildingId,
        Version: 2,
      }),
    );
    const [dead] = await eventually(async () => {
      const rows = await deadLetters(db(), rig.group, id);
      return rows.length > 0 ? rows : null;
    });
    expect(dead?.error_code).toBe("CATALOG_SYNC_PROPERTY_OBJECT_NOT_FOUND");
    // decision 0081: "6 attempts" = 6 retries after the first try → 7 runs, the 7th dead-letters
    expect(dead?.attempts).toBe(FAST_RETRIES_MS.length + 1);
    const after = await metricValue(
      rig.metrics,
      "catalog_chessboard_sync_retries_total",
      labels(TOPIC.propertyObjectStatusChanged),
    );
    expect(after - before).toBe(FAST_RETRIES_MS.length + 1);
    expect(await lotCard(db(), id)).toBeNull();
  });

  it("Stale (version-guard): Version <= ChessboardVersion → skipped-stale, card unchanged", async () => {
    const s = newStructure(0);
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Version: 2, Name: "Новое" }),
    );
    await eventually(() => projectCard(db(), s.projectId));
    const stale = await metricValue(
      rig.metrics,
      "catalog_chessboard_sync_stale_total",
      labels(TOPIC.projectUpserted),
    );
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Version: 1, Name: "Старое" }),
    );
    await eventually(
      async () =>
        (await metricValue(
          rig.metrics,
          "catalog_chessboard_sync_stale_total",
          labels(TOPIC.projectUpserted),
        )) > stale,
    );
    const card = await projectCard(db(), s.projectId);
    expect(card?.name).toBe("Новое");
    expect(card?.chessboardVersion).toBe(2n);
  });

  it("Дубль (MessageId): a repeat of a MessageId → skipped-duplicate, no-op", async () => {
    const s = newStructure(0);
    const messageId = randomUUID();
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Name: "Первое" }),
      {
        messageId,
      },
    );
    await eventually(() => projectCard(db(), s.projectId));
    // a redelivery: the same message once more (the outbox keeps one row per MessageId)
    await eventually(
      async () =>
        (
          await db().$queryRaw<
            unknown[]
          >`SELECT 1 FROM platform.outbox WHERE message_id = ${messageId}::uuid AND published_at IS NOT NULL`
        ).length > 0,
    );
    await db().$executeRaw`DELETE FROM platform.outbox WHERE message_id = ${messageId}::uuid`;
    const dup = await metricValue(
      rig.metrics,
      "pin_consumer_skipped_duplicate_total",
      labels(TOPIC.projectUpserted),
    );
    // same MessageId, a newer version: only the dedup key can refuse it
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Name: "Второе", Version: 5 }),
      { messageId },
    );
    await eventually(
      async () =>
        (await metricValue(
          rig.metrics,
          "pin_consumer_skipped_duplicate_total",
          labels(TOPIC.projectUpserted),
        )) > dup,
    );
    const card = await projectCard(db(), s.projectId);
    expect(card?.name).toBe("Первое");
    expect(card?.chessboardVersion).toBe(1n);
  });

  it("Смена статуса брони (SLA): ToStatus=Booked → PropertyObjectStatus=Booked on the card within the spec's minute, PropertyObjectsAvailable recomputed", {
    timeout: 120_000,
  }, async () => {
    const s = newStructure(2);
    await publishStructure(rig, s);
    await eventually(async () => (await projectCard(db(), s.projectId))?.propertyObjectsAvailable === 2);
    const id = s.lotIds[0] as string;
    // The SLA: from the status change committed by its producer (outbox) to the card showing it.
    const committedAt = performance.now();
    await rig.publish(
      TOPIC.propertyObjectStatusChanged,
      id,
      statusEvent({
        PropertyObjectId: id,
        TenantId: s.developerId,
        ProjectId: s.projectId,
        BuildingId: s.buildingId,
        Version: 2,
      }),
    );
    const lot = await eventually(
      async () => {
        const c = await lotCard(db(), id);
        return c?.propertyObjectStatus === "Booked" ? c : null;
      },
      { what: "the Booked status on the lot card", timeoutMs: 2 * SLA_MS },
    );
    const visibleAfterMs = performance.now() - committedAt;
    expect(visibleAfterMs, `status visible on the card after ${Math.round(visibleAfterMs)} ms`).toBeLessThan(
      SLA_MS,
    );
    expect(lot.status).toBe("Published");
    const project = await projectCard(db(), s.projectId);
    expect(project).toMatchObject({ propertyObjectsAvailable: 1, propertyObjectsTotal: 2 });
    expect(project?.minPrice?.toString()).toBe("9200000");
  });

  it("Валюта ≠ RUB: CATALOG_SYNC_UNSUPPORTED_CURRENCY → DLQ (value byte-identical, key kept, x-dlq-* headers), no retry", async () => {
    const s = newStructure(1);
    const id = s.lotIds[0] as string;
    const retries = await metricValue(
      rig.metrics,
      "catalog_chessboard_sync_retries_total",
      labels(TOPIC.propertyObjectUpserted),
    );
    await rig.publish(
      TOPIC.propertyObjectUpserted,
      id,
      lotEvent({
        Id: id,
        ProjectId: s.projectId,
        BuildingId: s.buildingId,
        TenantId: s.developerId,
        CurrencySnapshot: USD,
      }),
    );
    const [dead] = await eventually(async () => {
      const rows = await deadLetters(db(), rig.group, id);
      return rows.length > 0 ? rows : null;
    });
    expect(dead).toMatchObject({ error_code: "CATALOG_SYNC_UNSUPPORTED_CURRENCY", attempts: 1 });
    expect(
      await metricValue(
        rig.metrics,
        "catalog_chessboard_sync_retries_total",
        labels(TOPIC.propertyObjectUpserted),
      ),
    ).toBe(retries);
    // the spec's name and the shared family count the same (decision 0604)
    for (const name of ["catalog_chessboard_sync_dlq_total", "pin_consumer_dlq_total"])
      expect(
        await metricValue(rig.metrics, name, {
          ...labels(TOPIC.propertyObjectUpserted),
          code: "CATALOG_SYNC_UNSUPPORTED_CURRENCY",
        }),
      ).toBe(1);

    const dlq = (await readKafkaTopic(dlqTopicFor(rig.group), (m) => m.key === id)).filter(
      (m) => m.key === id,
    );
    const sources = await readKafkaTopic(rig.topics[TOPIC.propertyObjectUpserted], (m) => m.key === id);
    const original = sources.find((m) => m.key === id);
    expect(dlq).toHaveLength(1);
    expect(dlq[0]?.value).toBe(original?.value);
    expect(dlq[0]?.headers).toMatchObject({
      [DLQ_HEADER.errorCode]: "CATALOG_SYNC_UNSUPPORTED_CURRENCY",
      [DLQ_HEADER.sourceTopic]: rig.topics[TOPIC.propertyObjectUpserted],
      [DLQ_HEADER.originalOffset]: original?.offset,
    });
    expect(dlq[0]?.headers[DLQ_HEADER.reason]).toContain("USD");
    // the production group's DLQ topic is the spec's
    expect(dlqTopicFor("pin-catalog-chessboard-sync")).toBe("pin.catalog.chessboard-sync-dlq.v1");
  });

  it("Гео проекта: ids and names from the snapshots; RegionId = null writes null geo without an error", async () => {
    const a = newStructure(0);
    await rig.publish(
      TOPIC.projectUpserted,
      a.projectId,
      projectEvent({
        Id: a.projectId,
        DeveloperId: a.developerId,
        RegionId: 50,
        RegionSnapshot: { Id: 50, Name: "Московская область" },
        CityId: 7,
        CitySnapshot: { Id: 7, Name: "Химки" },
      }),
    );
    expect(await eventually(() => projectCard(db(), a.projectId))).toMatchObject({
      regionId: 50,
      regionName: "Московская область",
      cityId: 7,
      cityName: "Химки",
    });
    const b = newStructure(0);
    await rig.publish(
      TOPIC.projectUpserted,
      b.projectId,
      projectEvent({
        Id: b.projectId,
        DeveloperId: b.developerId,
        Status: "Draft",
        RegionId: null,
        RegionSnapshot: null,
        CityId: null,
        CitySnapshot: null,
      }),
    );
    expect(await eventually(() => projectCard(db(), b.projectId))).toMatchObject({
      regionId: null,
      regionName: null,
      cityId: null,
      cityName: null,
      status: "Hidden",
    });
    expect(await deadLetters(db(), rig.group, b.projectId)).toHaveLength(0);
  });

  it("Переименование региона: a re-published project with a higher Version and a new RegionSnapshot.Name renames the card and its lots", async () => {
    const s = newStructure(1);
    await publishStructure(rig, s);
    await eventually(async () => (await lotCard(db(), s.lotIds[0] as string))?.status === "Published");
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({
        Id: s.projectId,
        DeveloperId: s.developerId,
        Version: 2,
        RegionSnapshot: { Id: 77, Name: "Город Москва" },
      }),
    );
    await eventually(async () => (await projectCard(db(), s.projectId))?.regionName === "Город Москва");
    expect((await lotCard(db(), s.lotIds[0] as string))?.regionName).toBe("Город Москва");
  });

  it("Tenant mismatch: TenantId ≠ DeveloperId → CATALOG_SYNC_TENANT_MISMATCH → DLQ (fail closed)", async () => {
    const s = newStructure(1);
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, TenantId: randomUUID() }),
    );
    const [dead] = await eventually(async () => {
      const rows = await deadLetters(db(), rig.group, s.projectId);
      return rows.length > 0 ? rows : null;
    });
    expect(dead?.error_code).toBe("CATALOG_SYNC_TENANT_MISMATCH");
    expect(await projectCard(db(), s.projectId)).toBeNull();
    // a lot of another tenant than its project card
    const t = newStructure(1);
    await rig.publish(
      TOPIC.projectUpserted,
      t.projectId,
      projectEvent({ Id: t.projectId, DeveloperId: t.developerId }),
    );
    await eventually(() => projectCard(db(), t.projectId));
    const lotId = t.lotIds[0] as string;
    await rig.publish(
      TOPIC.propertyObjectUpserted,
      lotId,
      lotEvent({ Id: lotId, ProjectId: t.projectId, BuildingId: t.buildingId, TenantId: randomUUID() }),
    );
    const [lotDead] = await eventually(async () => {
      const rows = await deadLetters(db(), rig.group, lotId);
      return rows.length > 0 ? rows : null;
    });
    expect(lotDead?.error_code).toBe("CATALOG_SYNC_TENANT_MISMATCH");
    expect(await lotCard(db(), lotId)).toBeNull();
  });

  it("Отсутствует поле контракта (DSC-CAT-1): no AddressLine / DeveloperName → CATALOG_SYNC_CONTRACT_FIELD_MISSING → DLQ", async () => {
    for (const field of ["AddressLine", "DeveloperName"]) {
      const s = newStructure(0);
      // Our producer refuses such a payload, so the test removes the field from the outbox row
      // in the enqueue transaction, as an older chessboard would have sent it.
      await rig.publish(
        TOPIC.projectUpserted,
        s.projectId,
        projectEvent({ Id: s.projectId, DeveloperId: s.developerId }),
        {
          tamper: (tx, messageId) =>
            tx.$executeRaw`UPDATE platform.outbox SET payload = payload - ${field} WHERE message_id = ${messageId}::uuid`,
        },
      );
      const [dead] = await eventually(async () => {
        const rows = await deadLetters(db(), rig.group, s.projectId);
        return rows.length > 0 ? rows : null;
      });
      expect(dead?.error_code, field).toBe("CATALOG_SYNC_CONTRACT_FIELD_MISSING");
    }
  });

  it("Систематическая смена Kind: 1st and 2nd mismatch warn + conflicts metric, the 3rd → CATALOG_SYNC_KIND_CHANGED → DLQ", async () => {
    const s = newStructure(0);
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId }),
    );
    await eventually(() => projectCard(db(), s.projectId));
    const conflicts = await metricValue(rig.metrics, "catalog_chessboard_sync_conflicts_total");
    for (const version of [2, 3]) {
      await rig.publish(
        TOPIC.projectUpserted,
        s.projectId,
        projectEvent({
          Id: s.projectId,
          DeveloperId: s.developerId,
          Type: "ApartHotel",
          Version: version,
          Name: `v${version}`,
        }),
      );
      await eventually(async () => (await projectCard(db(), s.projectId))?.name === `v${version}`);
    }
    const card = await projectCard(db(), s.projectId);
    expect(card).toMatchObject({ kind: "ResidentialComplex", kindMismatchCount: 2 });
    expect(await metricValue(rig.metrics, "catalog_chessboard_sync_conflicts_total")).toBe(conflicts + 2);
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({
        Id: s.projectId,
        DeveloperId: s.developerId,
        Type: "Hotel",
        Version: 4,
        Name: "v4",
      }),
    );
    const [dead] = await eventually(async () => {
      const rows = await deadLetters(db(), rig.group, s.projectId);
      return rows.length > 0 ? rows : null;
    });
    expect(dead?.error_code).toBe("CATALOG_SYNC_KIND_CHANGED");
    expect((await projectCard(db(), s.projectId))?.name).toBe("v3");
  });

  it("Деградация комиссии: rewards down → the event succeeds, commission stays null/previous, deferred counter grows", async () => {
    const s = newStructure(1);
    const id = s.lotIds[0] as string;
    const deferred = await metricValue(rig.metrics, "catalog_commission_recompute_deferred_total");
    rewards.mode = "down";
    try {
      await publishStructure(rig, s);
      const created = await eventually(() => lotCard(db(), id));
      expect(created.agentCommission).toBeNull();
      expect(await metricValue(rig.metrics, "catalog_commission_recompute_deferred_total")).toBe(
        deferred + 1,
      );

      rewards.mode = "ok";
      const base = { Id: id, ProjectId: s.projectId, BuildingId: s.buildingId, TenantId: s.developerId };
      await rig.publish(TOPIC.propertyObjectUpserted, id, lotEvent({ ...base, Rooms: 3, Version: 2 }));
      const matched = await eventually(async () => {
        const c = await lotCard(db(), id);
        return c?.agentCommission ? c : null;
      });
      expect(matched.agentCommission?.toString()).toBe("150000");

      rewards.mode = "slow"; // a timeout is "down" too
      await rig.publish(TOPIC.propertyObjectUpserted, id, lotEvent({ ...base, Rooms: 4, Version: 3 }));
      await eventually(async () => (await lotCard(db(), id))?.roomsCount === 4);
      const kept = await lotCard(db(), id);
      expect(kept?.agentCommission?.toString()).toBe("150000");
      expect(await metricValue(rig.metrics, "catalog_commission_recompute_deferred_total")).toBe(
        deferred + 2,
      );
    } finally {
      rewards.mode = "ok";
    }
  });

  it("Каскад видимости: project Published → Hidden hides its lots (INV-5); back to Published republishes them (INV-1)", async () => {
    const s = newStructure(3);
    await publishStructure(rig, s);
    await eventually(
      async () => (await projectCard(db(), s.projectId))?.propertyObjectsTotal === 3,
      "3 published",
    );
    const firstPublished = (await lotCard(db(), s.lotIds[0] as string))?.publishedAt;
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Status: "Hidden", Version: 2 }),
    );
    await eventually(async () => {
      const rows = await db().catalogPropertyObjectCard.findMany({ where: { projectId: s.projectId } });
      return rows.every((r) => r.status === "Hidden");
    }, "all hidden");
    expect(
      rig.logs.some(
        (l) =>
          l.msg === "status-cascaded" && l.aggregateId === s.projectId && l.affectedPropertyObjects === 3,
      ),
    ).toBe(true);
    expect((await projectCard(db(), s.projectId))?.propertyObjectsTotal).toBe(0);
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Status: "Published", Version: 3 }),
    );
    await eventually(async () => {
      const rows = await db().catalogPropertyObjectCard.findMany({ where: { projectId: s.projectId } });
      return rows.every((r) => r.status === "Published");
    }, "all published again");
    expect((await lotCard(db(), s.lotIds[0] as string))?.publishedAt).toEqual(firstPublished);
    // Archived → Delisted cascades too, and frozen lots ignore status changes (INV-7)
    await rig.publish(
      TOPIC.projectUpserted,
      s.projectId,
      projectEvent({ Id: s.projectId, DeveloperId: s.developerId, Status: "Archived", Version: 4 }),
    );
    await eventually(async () => {
      const rows = await db().catalogPropertyObjectCard.findMany({ where: { projectId: s.projectId } });
      return rows.every((r) => r.status === "Delisted");
    }, "all delisted");
  });

  it("Нулевая цена: Price <= 0 without a price override → lot Hidden + warn", async () => {
    const s = newStructure(1);
    const id = s.lotIds[0] as string;
    await publishStructure(rig, s, { Price: "0.00" });
    const lot = await eventually(() => lotCard(db(), id));
    expect(lot.status).toBe("Hidden");
    expect(rig.logs.some((l) => l.msg === "zero price → Hidden" && l.aggregateId === id)).toBe(true);
    await rig.publish(
      TOPIC.propertyObjectPriceChanged,
      id,
      priceEvent({
        PropertyObjectId: id,
        TenantId: s.developerId,
        ProjectId: s.projectId,
        BuildingId: s.buildingId,
        Version: 2,
        NewPrice: "5410000.00",
      }),
    );
    const priced = await eventually(async () => {
      const c = await lotCard(db(), id);
      return c?.status === "Published" ? c : null;
    });
    expect(priced.pricePerMeter.toString()).toBe("100000");
  });

  it("flow C: building fields and the delivery date (last day of the quarter) reach its lots and the project's minimum, one write a lot", async () => {
    const s = newStructure(2);
    await publishStructure(rig, s);
    await eventually(async () => (await projectCard(db(), s.projectId))?.propertyObjectsTotal === 2);
    // the building's first version may reach the sync after its lots (another topic): wait for it
    await eventually(async () => {
      const [b] = await db().$queryRaw<Array<{ n: number }>>`
        SELECT count(*)::int AS n FROM catalog.building_snapshots WHERE id = ${s.buildingId}::uuid`;
      return b?.n === 1;
    });
    const versionsBefore = await Promise.all(
      s.lotIds.map(async (id) => (await lotCard(db(), id))?.rowVersion),
    );
    await rig.publish(
      TOPIC.buildingUpserted,
      s.buildingId,
      buildingEvent({
        Id: s.buildingId,
        ProjectId: s.projectId,
        TenantId: s.developerId,
        Version: 2,
        Name: "Корпус А",
        DeliveryYear: 2028,
        DeliveryQuarter: 1,
        ReadinessPercent: 55,
      }),
    );
    const lot = await eventually(async () => {
      const c = await lotCard(db(), s.lotIds[0] as string);
      return c?.buildingName === "Корпус А" ? c : null;
    });
    expect(lot.deliveryDate?.toISOString().slice(0, 10)).toBe("2028-03-31");
    expect(lot.readinessPercent).toBe(55);
    // decision 0640: the building's fields and the storefront fields they derive in one row write
    const versionsAfter = await Promise.all(
      s.lotIds.map(async (id) => (await lotCard(db(), id))?.rowVersion),
    );
    expect(versionsAfter).toEqual(versionsBefore.map((v) => (v as number) + 1));
    const project = await eventually(async () => {
      const p = await projectCard(db(), s.projectId);
      return p?.readinessPercent === 55 ? p : null;
    });
    expect(project.deliveryDate?.toISOString().slice(0, 10)).toBe("2028-03-31");
  });

  it("flow B: a developer rename reaches every project and lot card of the developer", async () => {
    const s = newStructure(2);
    await publishStructure(rig, s);
    await eventually(async () => (await projectCard(db(), s.projectId))?.propertyObjectsTotal === 2);
    await rig.publish(
      TOPIC.developerUpserted,
      s.developerId,
      developerEvent({ Id: s.developerId, Name: "ГК Новая", Version: 2 }),
    );
    await eventually(async () => {
      const rows = await db().catalogPropertyObjectCard.findMany({ where: { projectId: s.projectId } });
      return rows.every((r) => r.developerName === "ГК Новая");
    });
    expect((await projectCard(db(), s.projectId))?.developerName).toBe("ГК Новая");
  });

  it("the alert rules file names the spec's alerts over the spec's metrics", () => {
    const rules = readFileSync(new URL("../../../ops/prometheus/catalog.rules.yml", import.meta.url), "utf8");
    for (const metric of [
      'catalog_chessboard_sync_lag_seconds{topic="pin.chessboard.property-object-status-changed.v1"}',
      "catalog_chessboard_sync_dlq_total",
      "catalog_chessboard_sync_conflicts_total",
      "catalog_commission_recompute_deferred_total",
    ]) {
      expect(rules).toContain(metric);
    }
  });
});
