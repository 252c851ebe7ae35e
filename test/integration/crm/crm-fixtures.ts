import { randomUUID } from "node:crypto";
import { createCrmMetrics } from "../../../src/domain/crm/crm.metrics.js";
import { createCrmCommands } from "../../../src/domain/crm/crm-commands.js";
import type { Viewer } from "../../../src/platform/auth/viewer.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";

export const TENANT = "0b5e1d7a-0000-4000-8000-000000000001";
export const OTHER_TENANT = "0b5e1d7a-0000-4000-8000-000000000002";
export const PAID_PROGRAM = "0b5e1d7a-0000-4000-8000-0000000c0f02";
export const START = "2026-03-01T10:00:00.000Z";

/** User ids are UUIDs: a token's subject must be one (issue #13). */
export const viewers = {
  agent: {
    userId: "0b5e1d7a-0000-4000-8000-0000000ae001",
    roles: ["agent"],
    tenantId: null,
  } satisfies Viewer,
  investor: {
    userId: "0b5e1d7a-0000-4000-8000-0000000ae002",
    roles: ["investor"],
    tenantId: null,
  } satisfies Viewer,
  manager: {
    userId: "0b5e1d7a-0000-4000-8000-0000000ae003",
    roles: ["developer_manager"],
    tenantId: TENANT,
  } satisfies Viewer,
  pin: {
    userId: "0b5e1d7a-0000-4000-8000-0000000ae004",
    roles: ["pin_manager"],
    tenantId: null,
  } satisfies Viewer,
};

/** A command set over a real database with a manual clock, an in-memory log and its own metrics. */
export function crmHarness(db: Db, start = START) {
  const clock = new ManualClock(start);
  const { logger, entries } = createMemoryLogger();
  const registry = createMetricsRegistry();
  const metrics = createCrmMetrics(registry);
  const commands = createCrmCommands({ db, clock, log: logger, metrics });
  return { clock, log: logger, entries, registry, metrics, commands };
}

export async function seedPropertyObject(db: Db, tenantId = TENANT, status = "Free"): Promise<string> {
  const id = randomUUID();
  await db.crmPropertyObjectReplica.create({
    data: { id, tenantId, status, version: 1, updatedAt: new Date(START) },
  });
  return id;
}

/** crm's replica of a chessboard developer, as developer-upserted would leave it. */
export async function seedDeveloperReplica(db: Db, id = TENANT, status = "Active"): Promise<void> {
  await db.crmDeveloperReplica.upsert({
    where: { id },
    create: { id, status, version: 1, updatedAt: new Date(START) },
    update: { status },
  });
}

export async function seedPaidProgram(db: Db): Promise<void> {
  await db.crmBookingProgram.createMany({
    data: [
      {
        id: PAID_PROGRAM,
        tenantId: TENANT,
        name: "Paid",
        reserveDurationMinutes: 60,
        bookingDurationHours: 48,
        isPaid: true,
        isDefault: false,
        createdAt: new Date(START),
      },
    ],
    skipDuplicates: true,
  });
}

/** A deal in Application (developer engaged) with the fixture agent and investor. */
export async function seedEngagedDeal(
  db: Db,
  overrides: {
    agentUserId?: string;
    investorUserId?: string;
    tenantId?: string | null;
    status?: string;
    at?: Date;
  } = {},
): Promise<string> {
  const id = randomUUID();
  await db.crmDeal.create({
    data: {
      id,
      tenantId: overrides.tenantId === undefined ? TENANT : overrides.tenantId,
      status: overrides.status ?? "Application",
      agentUserId: overrides.agentUserId ?? viewers.agent.userId,
      investorUserId: overrides.investorUserId ?? viewers.investor.userId,
      createdByUserId: overrides.agentUserId ?? viewers.agent.userId,
      title: "deal",
      createdAt: overrides.at ?? new Date(START),
      updatedAt: overrides.at ?? new Date(START),
      version: 1,
    },
  });
  return id;
}

export async function outboxTopicsFor(db: Db, key: string): Promise<string[]> {
  const rows = await db.outboxMessage.findMany({ where: { key }, orderBy: { id: "asc" } });
  return rows.map((r) => r.topic);
}

export async function outboxPayloads(
  db: Db,
  key: string,
): Promise<Array<{ topic: string; payload: Record<string, unknown> }>> {
  const rows = await db.outboxMessage.findMany({ where: { key }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ topic: r.topic, payload: r.payload as Record<string, unknown> }));
}

export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") return code;
    throw error;
  }
}

/** A terminal (Cancelled) booking row written directly, for list/pagination tests: many per deal are allowed. */
export async function seedEndedBooking(
  db: Db,
  dealId: string,
  createdAt: Date,
  tenantId = TENANT,
): Promise<string> {
  const id = randomUUID();
  await db.crmBooking.create({
    data: {
      id,
      dealId,
      propertyObjectId: randomUUID(),
      tenantId,
      status: "Cancelled",
      initiatedBy: "Agent",
      initiatedByUserId: viewers.agent.userId,
      reserveDurationMinutes: 60,
      bookingDurationHours: 48,
      isPaid: false,
      reserveExpiresAt: new Date(createdAt.getTime() + 3_600_000),
      paymentStatus: "None",
      cancelReason: "fixture",
      createdAt,
      endedAt: createdAt,
      updatedAt: createdAt,
      version: 2,
    },
  });
  return id;
}
