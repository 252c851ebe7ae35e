import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CRM_PROPERTY_OBJECT_REPLICA_GROUP,
  crmPropertyObjectReplicaConsumer,
} from "../../../src/consumers/crm-property-object-replica.consumer.js";
import {
  type DeveloperUpsertedEvent,
  type PropertyObjectStatus,
  type PropertyObjectStatusChangedEvent,
  type PropertyObjectUpsertedEvent,
  RUB_CURRENCY,
} from "../../../src/contracts/chessboard-events.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import {
  createEventPlatform,
  type EventPlatform,
  type Runner,
} from "../../../src/platform/events/event-platform.js";
import { enqueue } from "../../../src/platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { codeOf, crmHarness, OTHER_TENANT, seedEngagedDeal, TENANT, viewers } from "./crm-fixtures.js";

const RELAY_INTERVAL_MS = "20";
const LOCAL_POLL_MS = 20;
const PROJECT = randomUUID();
const BUILDING = randomUUID();

let database: MigratedDatabase;
let platform: EventPlatform;
let relay: Runner;
let consumer: Runner;
let h: ReturnType<typeof crmHarness>;

beforeAll(async () => {
  database = await createMigratedDatabase("crm_replica");
  h = crmHarness(database.prisma);
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    PIN_OUTBOX_RELAY_INTERVAL_MS: RELAY_INTERVAL_MS,
  });
  // The real platform on the local (PostgreSQL) transport: outbox → relay → event log → consumer.
  platform = createEventPlatform({
    settings: { ...settings, kafkaBrokers: null, instanceId: `crm-replica-${randomUUID().slice(0, 8)}` },
    db: database.prisma,
    log: h.log,
    metrics: h.registry,
    clock: h.clock,
    tuning: { localPollMs: LOCAL_POLL_MS },
  });
  relay = platform.startRelay();
  consumer = platform.runConsumer(
    crmPropertyObjectReplicaConsumer({ log: h.log, clock: h.clock, metrics: h.registry }),
  );
  await relay.start();
  await consumer.start();
});
afterAll(async () => {
  await consumer?.stop();
  await relay?.stop();
  await platform?.close();
  await database?.drop();
});

function upserted(
  id: string,
  status: PropertyObjectStatus,
  version: number,
  tenantId = TENANT,
): PropertyObjectUpsertedEvent {
  return {
    Id: id,
    TenantId: tenantId,
    ProjectId: PROJECT,
    BuildingId: BUILDING,
    LayoutId: null,
    LayoutGroupId: null,
    Status: status,
    Number: "12",
    Floor: 3,
    Section: 1,
    Rooms: 2,
    TotalArea: "54.30",
    LivingArea: null,
    Price: "12500000.00",
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: "230202.58",
    WindowViews: { Views: ["Sea"] },
    Capacity: null,
    PropertyType: "Apartment",
    UpdatedAt: h.clock.now().toISOString(),
    Version: version,
  };
}

function developer(id: string, status: "Active" | "Inactive", version: number): Published {
  return {
    topic: TOPIC.developerUpserted,
    payload: {
      Id: id,
      TenantId: id,
      Status: status,
      Name: "Developer",
      LogoFileId: null,
      UpdatedAt: h.clock.now().toISOString(),
      Version: version,
    },
  };
}

function statusChanged(
  id: string,
  from: PropertyObjectStatus,
  to: PropertyObjectStatus,
  version: number,
  holdBookingId: string | null = null,
): PropertyObjectStatusChangedEvent {
  return {
    PropertyObjectId: id,
    TenantId: TENANT,
    ProjectId: PROJECT,
    BuildingId: BUILDING,
    FromStatus: from,
    ToStatus: to,
    StatusSource: "Manual",
    HoldDealId: null,
    HoldBookingId: holdBookingId,
    ReservedUntil: null,
    BookedUntil: null,
    SoldAt: null,
    StatusChangedAt: h.clock.now().toISOString(),
    Version: version,
  };
}

type Published =
  | { topic: typeof TOPIC.developerUpserted; payload: DeveloperUpsertedEvent }
  | { topic: typeof TOPIC.propertyObjectUpserted; payload: PropertyObjectUpsertedEvent }
  | { topic: typeof TOPIC.propertyObjectStatusChanged; payload: PropertyObjectStatusChangedEvent };

/** chessboard's side of the wire: outbox rows in one transaction, then wait for relay and consumer. */
async function publish(...events: Published[]): Promise<void> {
  await database.prisma.$transaction(async (tx) => {
    for (const e of events) {
      const key = "Id" in e.payload ? e.payload.Id : e.payload.PropertyObjectId;
      await enqueue(
        tx,
        { topic: e.topic, key, aggregateType: "PropertyObject", payload: e.payload },
        h.clock,
      );
    }
  });
  await relay.whenCaughtUp?.();
  await consumer.whenCaughtUp?.();
}

const up = (payload: PropertyObjectUpsertedEvent): Published => ({
  topic: TOPIC.propertyObjectUpserted,
  payload,
});
const changed = (payload: PropertyObjectStatusChangedEvent): Published => ({
  topic: TOPIC.propertyObjectStatusChanged,
  payload,
});

async function replica(id: string) {
  return database.prisma.crmPropertyObjectReplica.findUnique({
    where: { id },
    select: { tenantId: true, status: true, version: true, projectId: true, buildingId: true },
  });
}

describe(`crm property-object replica (${CRM_PROPERTY_OBJECT_REPLICA_GROUP}) on the real event platform`, () => {
  it("property-object-upserted creates the replica row; status-changed moves its status", async () => {
    const id = randomUUID();
    await publish(up(upserted(id, "Free", 1)));
    expect(await replica(id)).toEqual({
      tenantId: TENANT,
      status: "Free",
      version: 1,
      projectId: PROJECT,
      buildingId: BUILDING,
    });
    await publish(changed(statusChanged(id, "Free", "Hidden", 2)));
    expect(await replica(id)).toMatchObject({ status: "Hidden", version: 2 });
  });

  it("stale versions are ignored: a redelivered older upsert or status change never moves the replica back", async () => {
    const id = randomUUID();
    await publish(up(upserted(id, "Free", 1)), changed(statusChanged(id, "Free", "Reserved", 2)));
    expect(await replica(id)).toMatchObject({ status: "Reserved", version: 2 });
    // Cross-topic reordering: the upsert of v1 and a status change of v2 arrive again after v2.
    await publish(up(upserted(id, "Free", 1)), changed(statusChanged(id, "Reserved", "Free", 2)));
    expect(await replica(id)).toMatchObject({ status: "Reserved", version: 2 });
    // A newer status change arriving before the upsert it follows still wins.
    await publish(changed(statusChanged(id, "Reserved", "Sold", 4)), up(upserted(id, "Free", 3)));
    expect(await replica(id)).toMatchObject({ status: "Sold", version: 4 });
  });

  it("createBooking refuses an object the replica says is not Free, and accepts it once chessboard frees it", async () => {
    const id = randomUUID();
    await publish(up(upserted(id, "Free", 1)), changed(statusChanged(id, "Free", "Hidden", 2)));
    const dealId = await seedEngagedDeal(database.prisma);
    expect(await codeOf(h.commands.createBooking(viewers.agent, { dealId, propertyObjectId: id }))).toBe(
      "CRM_PROPERTY_OBJECT_NOT_FREE",
    );
    expect(await database.prisma.crmBooking.count({ where: { propertyObjectId: id } })).toBe(0);

    await publish(changed(statusChanged(id, "Hidden", "Free", 3)));
    const { booking } = await h.commands.createBooking(viewers.agent, { dealId, propertyObjectId: id });
    expect(booking.status).toBe("Reserved");
  });

  it("createBooking refuses an object crm has never heard of, and one the replica gives to another developer", async () => {
    const dealId = await seedEngagedDeal(database.prisma);
    expect(
      await codeOf(h.commands.createBooking(viewers.agent, { dealId, propertyObjectId: randomUUID() })),
    ).toBe("CRM_PROPERTY_OBJECT_UNKNOWN");

    const foreign = randomUUID();
    await publish(up(upserted(foreign, "Free", 1, OTHER_TENANT)));
    expect(await codeOf(h.commands.createBooking(viewers.agent, { dealId, propertyObjectId: foreign }))).toBe(
      "CRM_PROPERTY_OBJECT_OTHER_DEVELOPER",
    );
  });

  it("engageDeveloper refuses a developer chessboard never published (CRM_DEVELOPER_UNKNOWN) and accepts it once developer-upserted arrives", async () => {
    const developerId = randomUUID();
    const draft = await seedEngagedDeal(database.prisma, { tenantId: null, status: "Draft" });
    expect(await codeOf(h.commands.engageDeveloper(viewers.agent, draft, developerId))).toBe(
      "CRM_DEVELOPER_UNKNOWN",
    );
    expect(await database.prisma.crmDeal.findUnique({ where: { id: draft } })).toMatchObject({
      status: "Draft",
      tenantId: null,
    });

    await publish(developer(developerId, "Active", 1));
    const engaged = await h.commands.engageDeveloper(viewers.agent, draft, developerId);
    expect(engaged).toMatchObject({ status: "Application", tenantId: developerId });
  });

  it("engageDeveloper refuses a developer chessboard deactivated (CRM_DEVELOPER_INACTIVE); a stale Active does not revive it", async () => {
    const developerId = randomUUID();
    await publish(developer(developerId, "Active", 1), developer(developerId, "Inactive", 2));
    await publish(developer(developerId, "Active", 1));
    const draft = await seedEngagedDeal(database.prisma, { tenantId: null, status: "Draft" });
    expect(await codeOf(h.commands.engageDeveloper(viewers.agent, draft, developerId))).toBe(
      "CRM_DEVELOPER_INACTIVE",
    );
  });

  it("right after cancelBooking, createBooking on the same object succeeds while the replica still shows the cancelled hold (decision 0052)", async () => {
    const id = randomUUID();
    await publish(up(upserted(id, "Free", 1)));
    const first = await seedEngagedDeal(database.prisma);
    const { booking } = await h.commands.createBooking(viewers.agent, {
      dealId: first,
      propertyObjectId: id,
    });
    // chessboard applied booking-created: the replica shows the object Reserved by that booking.
    await publish(changed(statusChanged(id, "Free", "Reserved", 2, booking.id)));
    await h.commands.cancelBooking(viewers.agent, booking.id, "client changed their mind");
    // chessboard has not applied the release yet: the replica still says Reserved (by the cancelled booking).
    expect(await replica(id)).toMatchObject({ status: "Reserved", version: 2 });

    const second = await seedEngagedDeal(database.prisma);
    const next = await h.commands.createBooking(viewers.agent, { dealId: second, propertyObjectId: id });
    expect(next.booking.status).toBe("Reserved");

    // INV-BKG-001 still holds: a third booking is refused while the second is active.
    const third = await seedEngagedDeal(database.prisma);
    expect(
      await codeOf(h.commands.createBooking(viewers.agent, { dealId: third, propertyObjectId: id })),
    ).toBe("CRM_BOOKING_PROPERTY_OBJECT_BUSY");
  });

  it("an object held by a live booking stays CRM_PROPERTY_OBJECT_NOT_FREE; an upsert with the same status keeps the known holder", async () => {
    const id = randomUUID();
    await publish(up(upserted(id, "Free", 1)));
    const dealId = await seedEngagedDeal(database.prisma);
    const { booking } = await h.commands.createBooking(viewers.agent, { dealId, propertyObjectId: id });
    await publish(changed(statusChanged(id, "Free", "Reserved", 2, booking.id)));
    await publish(up(upserted(id, "Reserved", 3)));
    expect(
      await database.prisma.crmPropertyObjectReplica.findUnique({
        where: { id },
        select: { holdBookingId: true },
      }),
    ).toEqual({ holdBookingId: booking.id });
    const other = await seedEngagedDeal(database.prisma);
    expect(
      await codeOf(h.commands.createBooking(viewers.agent, { dealId: other, propertyObjectId: id })),
    ).toBe("CRM_PROPERTY_OBJECT_NOT_FREE");
  });
});
