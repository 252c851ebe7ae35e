import { afterAll, beforeAll, expect, it } from "vitest";
import { classifyDefault, errorCodeOf } from "../../../src/platform/events/consumer/classify-error.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";

describeWithService(["postgres"], "consumer runtime: a real PostgreSQL deadlock through Prisma", () => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase("events_deadlock");
  });
  afterAll(async () => database?.drop());

  it("two transactions taking two locks in opposite order: the one PostgreSQL aborts is a conflict (CONCURRENCY_CONFLICT), not an unexpected error", async () => {
    const db = database.prisma;
    let holding = 0;
    let bothHold!: () => void;
    const gate = new Promise<void>((resolve) => {
      bothHold = resolve;
    });
    const lockInOrder = (first: number, second: number) =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${first}::bigint)`;
        holding += 1;
        if (holding === 2) bothHold();
        await gate;
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${second}::bigint)`;
      });
    const outcomes = await Promise.allSettled([lockInOrder(9101, 9102), lockInOrder(9102, 9101)]);
    const failed = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
    expect(failed).toHaveLength(1);
    expect(classifyDefault(failed[0])).toBe("conflict");
    expect(errorCodeOf(failed[0])).toBe("CONCURRENCY_CONFLICT");
  });
});
