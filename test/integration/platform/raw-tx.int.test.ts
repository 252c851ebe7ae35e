import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../../../src/generated/prisma/client.js";
import { createPrismaClient, type Db, pgAccessOf } from "../../../src/platform/db/prisma-client.js";
import { type RawTx, rawTx } from "../../../src/platform/db/raw-tx.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

/**
 * Decision 0631 (issue #43): rawTx gives a consumer on the raw pg scope Prisma's raw API over a
 * `pg` connection. Handlers moved onto it unchanged, so every value must come back as Prisma's
 * own raw query gives it and every parameter must reach PostgreSQL as Prisma sends it.
 */
describe("rawTx: Prisma's raw API over a pg connection (decision 0631)", () => {
  let database: MigratedDatabase;
  let db: Db;
  let raw: RawTx;
  beforeAll(async () => {
    database = await createMigratedDatabase("raw_tx");
    db = createPrismaClient({ url: database.url, maxConnections: 2 });
    const access = pgAccessOf(db);
    if (!access) throw new Error("no pool");
    raw = rawTx(access.pool, access.names);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  const when = new Date("2026-12-06T10:11:12.345Z");
  const price = new Prisma.Decimal("12345678901234.56");
  const bytes = Buffer.from("0a0b0c", "hex");

  /** One statement of every type the repositories read and write, through both. */
  async function both(run: (tx: RawTx) => Promise<unknown>) {
    return { prisma: await run(db), raw: await run(raw) };
  }

  it("returns every column type as Prisma does: bigint, Decimal, Dates in UTC, json, arrays", async () => {
    const { prisma, raw: mine } = await both(
      (tx) => tx.$queryRaw`
        SELECT 9007199254740993::int8 AS big, count(*) AS n, 42::int4 AS i, 1.5::float8 AS f,
               ${price}::numeric AS price, NULL::numeric AS none, ${when}::timestamptz AS at,
               '2026-12-06 10:11:12.345'::timestamp AS local, '2026-12-06'::date AS day,
               '{"a":[1,"x"]}'::jsonb AS doc, true AS yes, 'text' AS t,
               '6f1e0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b'::uuid AS id,
               ARRAY[1, NULL, 3]::int8[] AS bigs, ARRAY['1.10', '2']::numeric[] AS prices,
               ARRAY['a', 'b']::text[] AS texts, ARRAY[1, 2]::int4[] AS ints
        FROM (VALUES (1), (2)) AS v(x)`,
    );
    expect(mine).toEqual(prisma);
    const [row] = mine as Array<Record<string, unknown>>;
    expect(row?.big).toBe(9007199254740993n);
    expect(row?.n).toBe(2n);
    expect(Prisma.Decimal.isDecimal(row?.price)).toBe(true);
    expect(String(row?.price)).toBe("12345678901234.56");
    expect(row?.local).toEqual(new Date("2026-12-06T10:11:12.345Z"));
    expect(row?.day).toEqual(new Date("2026-12-06T00:00:00.000Z"));
    expect(row?.bigs).toEqual([1n, null, 3n]);
  });

  it("sends parameters as Prisma does: Date, bigint, Decimal, arrays, bytea, json, null", async () => {
    const values = [when, 12n, price, [price, new Prisma.Decimal(1)], ["a", "b"], [when], bytes, null];
    const { prisma, raw: mine } = await both((tx) =>
      tx.$queryRawUnsafe(
        `SELECT $1::timestamptz AS at, $2::int8 AS big, $3::numeric AS price, $4::numeric[] AS prices,
                $5::text[] AS texts, $6::timestamptz[] AS ats, encode($7::bytea, 'hex') AS hex, $8::text AS none`,
        ...values,
      ),
    );
    expect(mine).toEqual(prisma);
    expect((mine as Array<Record<string, unknown>>)[0]?.hex).toBe("0a0b0c");
  });

  it("composes Prisma.sql fragments (join, raw, empty) like $queryRaw and counts rows like $executeRaw", async () => {
    const ids = [1, 2, 3];
    const fragment = Prisma.sql`SELECT x FROM (VALUES ${Prisma.join(ids.map((i) => Prisma.sql`(${i}::int)`))}) AS v(x)
      WHERE x > ${1} ${Prisma.empty} ${Prisma.raw("ORDER BY x")}`;
    const { prisma, raw: mine } = await both((tx) => tx.$queryRaw(fragment));
    expect(mine).toEqual([{ x: 2 }, { x: 3 }]);
    expect(mine).toEqual(prisma);
    const counted = await both((tx) => tx.$executeRaw`SELECT generate_series(1, ${4}::int)`);
    expect(counted.raw).toBe(4);
    expect(counted.raw).toBe(counted.prisma);
  });

  it("fails with PostgreSQL's own error code (the consumer runtime classifies it)", async () => {
    await expect(raw.$queryRaw`SELECT 1 / ${0}::int`).rejects.toMatchObject({ code: "22012" });
  });
});
