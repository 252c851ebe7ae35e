import { afterAll, beforeAll, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createPrismaClient, type Db, pgAccessOf } from "../../../src/platform/db/prisma-client.js";
import type { RawTx } from "../../../src/platform/db/raw-tx.js";
import { dedupKeyHash } from "../../../src/platform/events/consumer/dedup-key.js";
import { rawPgScope } from "../../../src/platform/events/consumer/definition.js";
import type { PgScopeOptions } from "../../../src/platform/events/consumer/scope.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";

/**
 * Decision 0639: a raw pg scope's batch transaction opens with SET LOCAL plan_cache_mode =
 * force_generic_plan (riding on BEGIN), so a handler's prepared statement is planned once per
 * connection instead of on every batch; `plans: "custom"` keeps a plan per call. The setting is
 * the transaction's only: the pool's connections keep their own mode afterwards.
 */
describeWithService("postgres", "the raw pg scope plans a batch's statements once (decision 0639)", () => {
  let database: MigratedDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createMigratedDatabase("pg_scope_plans");
    // one connection: every batch below runs on it, so its prepared statements are comparable
    db = createPrismaClient({ url: database.url, maxConnections: 1 });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  const STATEMENT =
    "SELECT count(*)::int AS n FROM platform.processed_messages WHERE processed_at < $1::timestamptz";

  /** One batch: a mark (or, unmarked, the parked-key read) opens it; the handler runs STATEMENT. */
  async function batch(options: PgScopeOptions, n: number): Promise<string> {
    const access = pgAccessOf(db);
    if (!access) throw new Error("no pool");
    const scope = rawPgScope(options)({
      db,
      pool: access.pool,
      names: access.names,
      group: "pin-test-plans",
      clock: new ManualClock(new Date()),
    });
    const session = await scope.begin();
    if (session.mark) await session.mark([dedupKeyHash(`pin-test-plans:${JSON.stringify(options)}:${n}`)]);
    else await session.parkedKeys?.([{ topic: "t", key: "k" }]);
    const tx: RawTx = session.writer;
    await tx.$queryRawUnsafe(STATEMENT, new Date());
    const [row] = await tx.$queryRawUnsafe<Array<{ mode: string }>>(
      "SELECT current_setting('plan_cache_mode') AS mode",
    );
    await session.commit();
    return row?.mode ?? "";
  }

  /** How the connection planned STATEMENT so far. */
  async function plansOfStatement() {
    const [row] = await db.$queryRawUnsafe<Array<{ generic: bigint; custom: bigint }>>(
      "SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE statement = $1",
      STATEMENT,
    );
    return { generic: Number(row?.generic ?? 0), custom: Number(row?.custom ?? 0) };
  }

  it("by default the batch runs with generic plans: three batches, one plan; marked or not", async () => {
    expect(await batch({}, 1)).toBe("force_generic_plan");
    expect(await batch({}, 2)).toBe("force_generic_plan");
    expect(await batch({ marks: false }, 3)).toBe("force_generic_plan");
    const plans = await plansOfStatement();
    expect(plans.custom).toBe(0);
    expect(plans.generic).toBeGreaterThanOrEqual(1);
    // SET LOCAL ended with the transaction: the connection is back to its pool's mode
    const [after] = await db.$queryRawUnsafe<Array<{ mode: string }>>(
      "SELECT current_setting('plan_cache_mode') AS mode",
    );
    expect(after?.mode).toBe("force_custom_plan");
  });

  it('plans: "custom" plans the statement for its parameters on every batch', async () => {
    const before = await plansOfStatement();
    expect(await batch({ plans: "custom" }, 4)).toBe("force_custom_plan");
    expect(await batch({ plans: "custom", marks: false }, 5)).toBe("force_custom_plan");
    const after = await plansOfStatement();
    expect(after.custom - before.custom).toBe(2);
    expect(after.generic).toBe(before.generic);
  });
});
