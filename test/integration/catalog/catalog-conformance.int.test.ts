/**
 * Conformance of pin-catalog-chessboard-sync to the SPECIFICATION's payload tables (issue #20,
 * decision 0300), over the real transport: the payloads below are written from the tables of
 * catalog-chessboard-sync («Входные данные», «Обязательность»), never from our chessboard
 * producer's code — PascalCase, decimals as JSON numbers (raw JSON text, as a .NET producer writes
 * them), only the fields the tables list, optional fields absent or null, unknown enum values,
 * extra unknown fields. They are published as raw Kafka records (our outbox would refuse them:
 * it validates our producer's strict schema). One rig, three phases of batched cases.
 */
import { randomUUID } from "node:crypto";
import { Kafka, logLevel, type Producer } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { eventTypeOf } from "../../../src/platform/events/topics.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { eventually } from "../../support/eventually.js";
import { kafkaBrokers, requireService } from "../../support/services.js";
import { deadLetters, lotCard, metricValue, projectCard } from "./catalog-fixtures.js";
import { type CatalogRig, createCatalogRig, type SourceTopic } from "./catalog-harness.js";

await requireService("postgres");
await requireService("kafka");

const T = {
  developer: "pin.chessboard.developer-upserted.v1",
  project: "pin.chessboard.project-upserted.v1",
  building: "pin.chessboard.building-upserted.v1",
  lot: "pin.chessboard.property-object-upserted.v1",
  status: "pin.chessboard.property-object-status-changed.v1",
  price: "pin.chessboard.property-object-price-changed.v1",
} as const satisfies Record<string, SourceTopic>;

const id = () => randomUUID();
const json = (o: Record<string, unknown>) => JSON.stringify(o);
/** A JSON object with some members spelt verbatim (decimals as the producer's number text). */
const raw = (o: Record<string, unknown>, verbatim: Record<string, string>) =>
  `${json(o).slice(0, -1)}${Object.entries(verbatim)
    .map(([k, v]) => `,${JSON.stringify(k)}:${v}`)
    .join("")}}`;

// ---- payloads from the spec's tables ------------------------------------------------------

/** ProjectUpsertedKafkaEvent: only the rows marked Да (incl. DSC-CAT-1's DeveloperName, AddressLine). */
const minimalProject = (p: { id: string; dev: string; version?: number }) => ({
  Id: p.id,
  TenantId: p.dev,
  DeveloperId: p.dev,
  Status: "Published",
  Name: "ЖК Спецификация",
  Type: "ResidentialComplex",
  Class: "Business",
  ConstructionStatus: "UnderConstruction",
  CountryId: 1,
  CountrySnapshot: { Id: 1, Name: "Россия" },
  DeveloperName: "Застройщик по ТЗ",
  AddressLine: "Москва, ул. Спецификации, 1",
  Version: p.version ?? 1,
});

/** PropertyObjectUpsertedKafkaEvent: rows marked Да; decimals as JSON numbers. */
const minimalLotText = (l: { id: string; dev: string; project: string; building: string }, extra = {}) =>
  raw(
    {
      Id: l.id,
      TenantId: l.dev,
      ProjectId: l.project,
      BuildingId: l.building,
      Status: "Free",
      Number: "101",
      Floor: 3,
      Rooms: 2,
      CurrencyId: 1,
      CurrencySnapshot: { Id: 1, IsoCode: "RUB" },
      WindowViews: { Views: [] },
      Version: 1,
      ...extra,
    },
    { TotalArea: "54.10", Price: "12450000.10", PricePerMeter: "230129.39" },
  );

interface Case {
  readonly name: string;
  readonly topic: SourceTopic;
  readonly key: string;
  readonly value: string;
  readonly check: () => Promise<unknown>;
}

/**
 * Every case's check, each failure named after its case. The group's count of finished messages
 * says when to start looking, not that every case is done: a producer's retry after a leader
 * change writes a second copy of a record, and a second copy of a refused message is
 * dead-lettered again (counted again). So each check is retried until it passes, within one
 * deadline for the phase (a lost message still fails it), and a failure tells the rig's story.
 */
async function verify(cases: readonly Case[], story: () => unknown): Promise<void> {
  const failures: string[] = [];
  const deadline = Date.now() + VERIFY_DEADLINE_MS;
  for (const c of cases) {
    let last: Error | null = null;
    try {
      await eventually(
        async () => {
          try {
            await c.check();
            return true;
          } catch (error) {
            last = error as Error;
            return false;
          }
        },
        { what: c.name, timeoutMs: Math.max(0, deadline - Date.now()) },
      );
    } catch {
      failures.push(`${c.name} [${c.key}]: ${(last as Error | null)?.message ?? "no answer"}`);
    }
  }
  expect(failures, failures.length > 0 ? JSON.stringify(story()) : "").toEqual([]);
}

const VERIFY_DEADLINE_MS = 30_000;

/** What the rig logged at info and above (the consumer's joins, dead letters, bisections), short. */
const storyOf = (rig: CatalogRig) => () =>
  rig.logs
    .filter((e) => (e.level as number) >= 30)
    .slice(-60)
    .map((e) =>
      [e.msg, e.key ?? e.aggregateId ?? "", e.offset ?? "", e.errorCode ?? e.error ?? ""].join(" "),
    );

describe("pin-catalog-chessboard-sync conforms to the spec's payload tables (over Kafka)", {
  timeout: 240_000,
}, () => {
  let database: MigratedDatabase;
  let rig: CatalogRig;
  let producer: Producer;
  const db = () => database.prisma;
  const dev = id();
  let published = 0;

  async function publish(cases: readonly Case[]): Promise<void> {
    await producer.sendBatch({
      topicMessages: cases.map((c) => ({
        topic: rig.topics[c.topic],
        messages: [
          {
            key: c.key,
            value: c.value,
            headers: {
              [HEADER.messageId]: randomUUID(),
              [HEADER.eventType]: eventTypeOf(rig.topics[c.topic]),
              [HEADER.contractVersion]: "1",
              [HEADER.aggregateId]: c.key,
              [HEADER.createdAt]: new Date().toISOString(),
            },
          },
        ],
      })),
    });
    published += cases.length;
    await eventually(async () => ((await rig.finished()) >= published ? true : null), "all cases finished");
  }
  const dlqCode = async (key: string) => (await deadLetters(db(), rig.group, key))[0]?.error_code ?? null;
  const fallbacks = (topic: SourceTopic, field: string) =>
    metricValue(rig.metrics, "catalog_sync_enum_fallback_total", { topic, field });

  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_conformance");
    rig = createCatalogRig(database.prisma);
    await rig.start();
    const kafka = new Kafka({ clientId: "conformance", brokers: kafkaBrokers(), logLevel: logLevel.NOTHING });
    producer = kafka.producer({ allowAutoTopicCreation: true });
    await producer.connect();
  });
  afterAll(async () => {
    await producer?.disconnect();
    await rig?.stop();
    await database?.drop();
  });

  // Phase 1: projects
  const minimal = id();
  const maximal = id();
  const unknownEnums = id();
  const allNull = id();
  const noAddress = id();
  const noName = id();
  const foreign = id();
  const malformed = id();
  // Phase 2: buildings and lots (under `minimal`)
  const building = id();
  const buildingOfOther = id();
  const lotMin = id();
  const lotMax = id();
  const lotUnknown = id();
  const lotNulls = id();
  const lotUsd = id();
  const lotNoPrice = id();
  const lotLiving = id();
  const lotNoPropertyType = id();
  const lotApartHotel = id();

  it("flow A (project-upserted): minimal, maximal, unknown enums, optional fields null, extra fields; the spec's DLQ codes", async () => {
    const cases: Case[] = [
      {
        name: "minimal: only the Да rows → a Published card, no geo",
        topic: T.project,
        key: minimal,
        value: json(minimalProject({ id: minimal, dev })),
        check: async () => {
          const card = await projectCard(db(), minimal);
          expect(card).toMatchObject({
            status: "Published",
            kind: "ResidentialComplex",
            propertyClass: "Business",
            constructionStatus: "InProgress",
            regionId: null,
            regionName: null,
            geoLatitude: null,
            stars: null,
            developerLogoFileId: null,
            address: "Москва, ул. Спецификации, 1",
            developerName: "Застройщик по ТЗ",
          });
        },
      },
      {
        name: "maximal: every row, decimals as JSON numbers, extra unknown fields",
        topic: T.project,
        key: maximal,
        value: raw(
          {
            ...minimalProject({ id: maximal, dev }),
            Type: "ApartHotel",
            RegionId: 77,
            RegionSnapshot: { Id: 77, Name: "Москва" },
            CityId: 1,
            CitySnapshot: { Id: 1, Name: "Москва" },
            Stars: 4,
            CoverImageFileId: id(),
            DeveloperLogoFileId: id(),
            ShortDescription: "Коротко",
            DistanceMinutes: 7,
            Price: 1,
            HotelierId: id(),
            SomethingNew: { Nested: [1, 2, 3] },
          },
          { GeoLatitude: "55.751244", GeoLongitude: "37.618423" },
        ),
        check: async () => {
          const card = await projectCard(db(), maximal);
          expect(card).toMatchObject({ kind: "ApartHotel", regionName: "Москва", cityId: 1, stars: 4 });
          expect(card?.geoLatitude?.toString()).toBe("55.751244");
          expect(card?.geoLongitude?.toString()).toBe("37.618423");
        },
      },
      {
        name: "unknown Status/Type/Class/ConstructionStatus → Hidden/ResidentialComplex/Comfort/InProgress, counted",
        topic: T.project,
        key: unknownEnums,
        value: json({
          ...minimalProject({ id: unknownEnums, dev }),
          Status: "Frozen",
          Type: "Castle",
          Class: "Luxe",
          ConstructionStatus: "Paused",
        }),
        check: async () => {
          expect(await projectCard(db(), unknownEnums)).toMatchObject({
            status: "Hidden",
            kind: "ResidentialComplex",
            propertyClass: "Comfort",
            constructionStatus: "InProgress",
          });
          for (const field of ["Status", "Type", "Class", "ConstructionStatus"])
            expect(await fallbacks(T.project, field), field).toBeGreaterThanOrEqual(1);
        },
      },
      {
        name: "each optional row present as null",
        topic: T.project,
        key: allNull,
        value: json({
          ...minimalProject({ id: allNull, dev }),
          RegionId: null,
          RegionSnapshot: null,
          CityId: null,
          CitySnapshot: null,
          Stars: null,
          CoverImageFileId: null,
          DeveloperLogoFileId: null,
          GeoLatitude: null,
          GeoLongitude: null,
          ShortDescription: null,
          DistanceMinutes: null,
        }),
        check: async () => {
          expect(await projectCard(db(), allNull)).toMatchObject({ status: "Published", cityName: null });
        },
      },
      {
        name: "DSC-CAT-1: no AddressLine → CATALOG_SYNC_CONTRACT_FIELD_MISSING",
        topic: T.project,
        key: noAddress,
        value: json({ ...minimalProject({ id: noAddress, dev }), AddressLine: undefined }),
        check: async () => expect(await dlqCode(noAddress)).toBe("CATALOG_SYNC_CONTRACT_FIELD_MISSING"),
      },
      {
        name: "DSC-CAT-1: DeveloperName blank → CATALOG_SYNC_CONTRACT_FIELD_MISSING",
        topic: T.project,
        key: noName,
        value: json({ ...minimalProject({ id: noName, dev }), DeveloperName: "  " }),
        check: async () => expect(await dlqCode(noName)).toBe("CATALOG_SYNC_CONTRACT_FIELD_MISSING"),
      },
      {
        name: "TenantId ≠ DeveloperId → CATALOG_SYNC_TENANT_MISMATCH",
        topic: T.project,
        key: foreign,
        value: json({ ...minimalProject({ id: foreign, dev }), TenantId: id() }),
        check: async () => expect(await dlqCode(foreign)).toBe("CATALOG_SYNC_TENANT_MISMATCH"),
      },
      {
        name: "a required row of the wrong type (Version as text) → CATALOG_SYNC_INVALID_PAYLOAD",
        topic: T.project,
        key: malformed,
        value: json({ ...minimalProject({ id: malformed, dev }), Version: "one" }),
        check: async () => expect(await dlqCode(malformed)).toBe("CATALOG_SYNC_INVALID_PAYLOAD"),
      },
    ];
    await publish(cases);
    await verify(cases, storyOf(rig));
  });

  it("flows C and D (building-upserted, property-object-upserted): minimal with JSON numbers, maximal, unknown enums, nulls; RUB / required / LivingArea paths", async () => {
    const lot = (lotId: string, extra = {}) =>
      minimalLotText({ id: lotId, dev, project: minimal, building }, extra);
    const cases: Case[] = [
      {
        name: "building minimal (no TenantId, no delivery, no readiness)",
        topic: T.building,
        key: building,
        value: json({
          Id: building,
          ProjectId: minimal,
          Status: "Published",
          Name: "Корпус 1",
          FloorsTotal: 25,
          Version: 1,
        }),
        check: async () => {
          const row = await db().catalogBuildingSnapshot.findUnique({ where: { id: building } });
          expect(row).toMatchObject({ name: "Корпус 1", floorsTotal: 25, deliveryDate: null });
        },
      },
      {
        name: "building maximal with an unknown Status (log only)",
        topic: T.building,
        key: buildingOfOther,
        value: json({
          Id: buildingOfOther,
          ProjectId: maximal,
          Status: "Mothballed",
          Name: "Корпус 2",
          FloorsTotal: 9,
          DeliveryYear: 2027,
          DeliveryQuarter: 2,
          ReadinessPercent: 40,
          SectionsCount: 3,
          TenantId: dev,
          Version: 1,
        }),
        check: async () => {
          const row = await db().catalogBuildingSnapshot.findUnique({ where: { id: buildingOfOther } });
          expect(row?.deliveryDate?.toISOString().slice(0, 10)).toBe("2027-06-30");
        },
      },
      {
        name: "lot minimal: JSON-number decimals kept exact, PricePerMeter recomputed in decimals, TypeName by Kind",
        topic: T.lot,
        key: lotMin,
        value: lot(lotMin),
        check: async () => {
          const card = await lotCard(db(), lotMin);
          expect(card?.price.toString()).toBe("12450000.1");
          expect(card?.price.toFixed(2)).toBe("12450000.10");
          expect(card?.areaTotal.toFixed(2)).toBe("54.10");
          expect(card?.pricePerMeter.toFixed(2)).toBe("230129.39");
          expect(card).toMatchObject({
            status: "Published",
            propertyObjectStatus: "Free",
            typeName: "Квартира",
            propertyType: null,
            view: null,
            areaLiving: null,
            layoutId: null,
            title: "2-комн. квартира, 54.10 м²",
          });
        },
      },
      {
        name: "lot maximal: every row + extra fields, decimals as strings and numbers mixed",
        topic: T.lot,
        key: lotMax,
        value: raw(JSON.parse(lot(lotMax)), {
          LivingArea: "30.5",
          Section: "2",
          Capacity: "null",
          LayoutId: JSON.stringify(id()),
          LayoutGroupId: JSON.stringify(id()),
          PropertyType: '"Commercial"',
          Future: '{"Kind":"x"}',
        }).replace('"Views":[]', '"Views":["Sea","City"]'),
        check: async () => {
          const card = await lotCard(db(), lotMax);
          expect(card).toMatchObject({ view: "Море", propertyType: "Commercial", typeName: "Коммерция" });
          expect(card?.areaLiving?.toFixed(2)).toBe("30.50");
        },
      },
      {
        name: "lot unknown Status / PropertyType / WindowViews → Hidden / by Kind / no view, counted",
        topic: T.lot,
        key: lotUnknown,
        value: lot(lotUnknown, {
          Status: "Frozen",
          PropertyType: "Castle",
          WindowViews: { Views: ["Volcano"] },
        }),
        check: async () => {
          expect(await lotCard(db(), lotUnknown)).toMatchObject({
            propertyObjectStatus: "Hidden",
            status: "Hidden",
            typeName: "Квартира",
            view: null,
          });
          expect(await fallbacks(T.lot, "Status")).toBeGreaterThanOrEqual(1);
          expect(await fallbacks(T.lot, "WindowViews")).toBeGreaterThanOrEqual(1);
        },
      },
      {
        name: "lot with every optional row null",
        topic: T.lot,
        key: lotNulls,
        value: lot(lotNulls, {
          LayoutId: null,
          LayoutGroupId: null,
          Section: null,
          LivingArea: null,
          Capacity: null,
          PropertyType: null,
        }),
        check: async () => expect(await lotCard(db(), lotNulls)).toMatchObject({ status: "Published" }),
      },
      {
        name: "lot without PropertyType in an ApartHotel project → «Апартамент» (DSC-CAT-2 fallback + warn)",
        topic: T.lot,
        key: lotApartHotel,
        value: minimalLotText({ id: lotApartHotel, dev, project: maximal, building: buildingOfOther }),
        check: async () =>
          expect(await lotCard(db(), lotApartHotel)).toMatchObject({ typeName: "Апартамент" }),
      },
      {
        name: "lot PropertyType absent counts as a fallback",
        topic: T.lot,
        key: lotNoPropertyType,
        value: lot(lotNoPropertyType),
        check: async () => expect(await fallbacks(T.lot, "PropertyType")).toBeGreaterThanOrEqual(5),
      },
      {
        name: "CurrencySnapshot.IsoCode = USD → CATALOG_SYNC_UNSUPPORTED_CURRENCY",
        topic: T.lot,
        key: lotUsd,
        value: lot(lotUsd, { CurrencySnapshot: { Id: 2, IsoCode: "USD" } }),
        check: async () => expect(await dlqCode(lotUsd)).toBe("CATALOG_SYNC_UNSUPPORTED_CURRENCY"),
      },
      {
        name: "no Price (a Да row) → CATALOG_SYNC_CONTRACT_FIELD_MISSING",
        topic: T.lot,
        key: lotNoPrice,
        value: lot(lotNoPrice).replace(',"Price":12450000.10', ""),
        check: async () => expect(await dlqCode(lotNoPrice)).toBe("CATALOG_SYNC_CONTRACT_FIELD_MISSING"),
      },
      {
        name: "LivingArea > TotalArea → CATALOG_SYNC_INVALID_PAYLOAD (D.2)",
        topic: T.lot,
        key: lotLiving,
        value: raw(JSON.parse(lot(lotLiving)), { LivingArea: "60.00" }),
        check: async () => expect(await dlqCode(lotLiving)).toBe("CATALOG_SYNC_INVALID_PAYLOAD"),
      },
    ];
    await publish(cases);
    await verify(cases, storyOf(rig));
  });

  it("flows B, E and F (developer, status, price): minimal payloads, unknown ToStatus, JSON-number NewPrice; no currency → the spec's F.2 code", async () => {
    const base = { TenantId: dev, ProjectId: minimal };
    const cases: Case[] = [
      {
        name: "status minimal: ToStatus Booked",
        topic: T.status,
        key: lotMin,
        value: json({
          PropertyObjectId: lotMin,
          ToStatus: "Booked",
          BuildingId: building,
          ...base,
          Version: 2,
        }),
        check: async () =>
          expect(await lotCard(db(), lotMin)).toMatchObject({ propertyObjectStatus: "Booked" }),
      },
      {
        name: "status unknown ToStatus → Hidden + counted; extra fields ignored",
        topic: T.status,
        key: lotNulls,
        value: json({
          PropertyObjectId: lotNulls,
          ToStatus: "Quarantined",
          BuildingId: building,
          ...base,
          Version: 2,
          HoldDealId: null,
          Whatever: 1,
        }),
        check: async () => {
          expect(await lotCard(db(), lotNulls)).toMatchObject({
            propertyObjectStatus: "Hidden",
            status: "Hidden",
          });
          expect(await fallbacks(T.status, "ToStatus")).toBeGreaterThanOrEqual(1);
        },
      },
      {
        name: "price: NewPrice as a JSON number, no BuildingId/OldPrice/ChangedAt/Source",
        topic: T.price,
        key: lotMax,
        value: raw(
          { PropertyObjectId: lotMax, ...base, CurrencySnapshot: { IsoCode: "RUB" }, Version: 2 },
          {
            NewPrice: "9999999.99",
          },
        ),
        check: async () => {
          const card = await lotCard(db(), lotMax);
          expect(card?.price.toFixed(2)).toBe("9999999.99");
          expect(card?.pricePerMeter.toFixed(2)).toBe("184842.88");
        },
      },
      {
        name: "price without CurrencySnapshot → CATALOG_SYNC_UNSUPPORTED_CURRENCY (F.2: IsoCode must be RUB)",
        topic: T.price,
        key: lotNoPropertyType,
        value: raw({ PropertyObjectId: lotNoPropertyType, ...base, Version: 2 }, { NewPrice: "1" }),
        check: async () => expect(await dlqCode(lotNoPropertyType)).toBe("CATALOG_SYNC_UNSUPPORTED_CURRENCY"),
      },
      {
        name: "developer minimal (no TenantId, no LogoFileId), unknown Status: the rename reaches the cards",
        topic: T.developer,
        key: dev,
        value: json({ Id: dev, Status: "Suspended", Name: "Переименованный застройщик", Version: 2 }),
        check: async () => {
          expect(await projectCard(db(), minimal)).toMatchObject({
            developerName: "Переименованный застройщик",
          });
          expect(await lotCard(db(), lotMin)).toMatchObject({ developerName: "Переименованный застройщик" });
        },
      },
    ];
    await publish(cases);
    await verify(cases, storyOf(rig));
    // Nothing else was dead-lettered than the cases that name a DLQ code. Counted by message id:
    // the raw producer may retry after "not the leader" on a fresh topic, and its copy (same
    // x-message-id, another offset) is dead-lettered once more — at-least-once, not a new case.
    const dlq = await db().$queryRaw<Array<{ n: number }>>`
      SELECT count(DISTINCT message_id)::int AS n FROM platform.dead_letters WHERE group_id = ${rig.group}`;
    expect(dlq[0]?.n).toBe(8);
  });
});
