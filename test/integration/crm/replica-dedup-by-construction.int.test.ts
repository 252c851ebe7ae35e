import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  CRM_PROPERTY_OBJECT_REPLICA_GROUP,
  crmPropertyObjectReplicaConsumer,
} from "../../../src/consumers/crm-property-object-replica.consumer.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { contractVersionOf, eventTypeOf, TOPIC } from "../../../src/platform/events/topics.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import {
  marksOfGroup,
  onceAndTwiceInARow,
  redeliveredBatch,
  replayAfterAll,
} from "../../support/dedup-by-construction.js";
import { describeWithService } from "../../support/services.js";
import { createConsumerHarness } from "../chessboard/consumer-harness.js";

// Decision 0637 (issue #43, dedup by construction): pin-crm-property-object-replica writes no dedup
// mark. Each message is one upsert guarded by the row's version (written only when the message's
// Version is greater), and the consumer has no effect outside its transaction, so a message
// applied again — right after itself, after everything that followed it, or in a whole batch
// redelivered after a crash between the batch's commit and its offset commit — finds its version
// already there and writes nothing. Payloads follow the spec's tables: required fields only where
// optional, the hold booking id absent on some status changes.
const TENANT = "0b5e1d7a-0000-4000-8000-0000000000bb";
const PROJECT = "0b5e1d7a-0000-4000-8000-0000000000cc";
const BUILDING = "0b5e1d7a-0000-4000-8000-0000000000dd";

let sequence = 0;
function wire(topic: string, key: string, payload: object): InboundMessage {
  sequence += 1;
  return {
    topic,
    partition: 0,
    offset: String(sequence),
    key,
    value: JSON.stringify(payload),
    headers: {
      [HEADER.messageId]: randomUUID(),
      [HEADER.eventType]: eventTypeOf(topic as never),
      [HEADER.contractVersion]: String(contractVersionOf(topic as never)),
      [HEADER.aggregateId]: key,
      [HEADER.aggregateType]: "PropertyObject",
      [HEADER.createdAt]: "2026-11-29T10:00:00.000Z",
    },
  };
}

describeWithService("postgres", "crm property-object replica without dedup marks (decision 0637)", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");

  beforeAll(async () => {
    database = await createMigratedDatabase("crm_replica_unmarked");
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Four objects and a developer: created, reserved and freed, sold; the developer deactivated. */
  function stream(): { ids: string[]; developer: string; messages: InboundMessage[] } {
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const developer = randomUUID();
    const at = clock.now().toISOString();
    const upserted = (id: string, status: string, version: number) =>
      wire(TOPIC.propertyObjectUpserted, id, {
        Id: id,
        TenantId: TENANT,
        ProjectId: PROJECT,
        BuildingId: BUILDING,
        Status: status,
        Number: "7",
        Floor: 2,
        Rooms: 1,
        TotalArea: "38.50",
        Price: "7400000.00",
        CurrencyId: 643,
        UpdatedAt: at,
        Version: version,
      });
    const changed = (id: string, from: string, to: string, version: number, hold?: string) =>
      wire(TOPIC.propertyObjectStatusChanged, id, {
        PropertyObjectId: id,
        TenantId: TENANT,
        ProjectId: PROJECT,
        BuildingId: BUILDING,
        FromStatus: from,
        ToStatus: to,
        StatusSource: "Booking",
        ...(hold ? { HoldBookingId: hold } : {}),
        StatusChangedAt: at,
        Version: version,
      });
    const dev = (status: string, version: number) =>
      wire(TOPIC.developerUpserted, developer, {
        Id: developer,
        TenantId: developer,
        Status: status,
        Name: "Застройщик",
        UpdatedAt: at,
        Version: version,
      });
    const [a, b, c, d] = ids as [string, string, string, string];
    const messages = [
      dev("Active", 1),
      ...ids.map((id) => upserted(id, "Free", 1)),
      changed(a, "Free", "Reserved", 2, randomUUID()),
      changed(b, "Free", "Reserved", 2, randomUUID()),
      changed(a, "Reserved", "Free", 3),
      changed(b, "Reserved", "Booked", 3),
      changed(c, "Free", "Sold", 2),
      upserted(d, "Hidden", 2),
      dev("Inactive", 2),
    ];
    return { ids, developer, messages };
  }

  /** The replica rows of `ids` and the developer's (ids replaced by their index). */
  async function state(ids: readonly string[], developer: string): Promise<unknown> {
    const objects = await database.prisma.$queryRaw<Array<Record<string, unknown>>>`
      SELECT id::text, tenant_id::text, project_id::text, building_id::text, status, version,
             hold_booking_id::text, updated_at
        FROM crm.property_objects WHERE id::text = ANY(${ids as string[]}::text[])`;
    const developers = await database.prisma.$queryRaw<Array<Record<string, unknown>>>`
      SELECT status, version, updated_at FROM crm.developers WHERE id = ${developer}::uuid`;
    return {
      objects: objects
        .map((row) => ({ ...row, id: ids.indexOf(row.id as string) }))
        .sort((x, y) => x.id - y.id),
      developers,
    };
  }

  const harness = () =>
    createConsumerHarness(database.prisma, clock, (deps) => crmPropertyObjectReplicaConsumer(deps));

  it("every message of the stream applied a second time, after all that followed it, changes nothing", async () => {
    const { ids, developer, messages } = stream();
    const again = await replayAfterAll(
      harness(),
      messages,
      () => state(ids, developer),
      () => clock.advance(60_000),
    );
    expect(again.every((outcome) => outcome === "skipped-stale")).toBe(true);
    // No mark is written for the group: the versions alone make the replay a no-op.
    expect(await marksOfGroup(database.prisma, CRM_PROPERTY_OBJECT_REPLICA_GROUP)).toBe(0);
  });

  it("each message delivered twice in a row leaves what one delivery of each leaves", async () => {
    const single = stream();
    const doubled = stream();
    await onceAndTwiceInARow(harness(), single.messages, doubled.messages);
    const strip = (s: unknown) =>
      JSON.parse(JSON.stringify(s).replaceAll(/"hold_booking_id":"[^"]+"/g, '"h":1'));
    expect(strip(await state(doubled.ids, doubled.developer))).toEqual(
      strip(await state(single.ids, single.developer)),
    );
  });

  it("a batch redelivered whole (a crash between its commit and the offset commit) changes nothing", async () => {
    const { ids, developer, messages } = stream();
    await redeliveredBatch(
      harness(),
      messages,
      () => state(ids, developer),
      5,
      () => clock.advance(60_000),
    );
  });
});
