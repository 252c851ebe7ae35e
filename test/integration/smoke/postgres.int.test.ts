// Smoke: the test PostgreSQL accepts a fresh database, a pg round trip, and a forced drop.
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import {
  createTestDatabase,
  describeWithService,
  pgAdminUrl,
  type TestDatabase,
} from "../../support/services.js";

describeWithService("postgres", "smoke: postgres", () => {
  const dbs: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it("creates a database, round-trips rows with pg, and drops it WITH (FORCE)", async () => {
    const db = await createTestDatabase("smoke_pg");
    dbs.push(db);

    const client = new pg.Client({ connectionString: db.url });
    const clientErrors: Error[] = [];
    client.on("error", (err) => clientErrors.push(err)); // the forced drop terminates this session
    await client.connect();
    try {
      const { rows: where } = await client.query<{ db: string }>("select current_database() as db");
      expect(where[0]?.db).toBe(db.name);

      await client.query(
        "create table probe (id int primary key, note text not null, at timestamptz default now())",
      );
      await client.query("insert into probe (id, note) values ($1, $2), ($3, $4)", [1, "héllo", 2, "wörld"]);
      const { rows } = await client.query<{ id: number; note: string }>(
        "select id, note from probe where id = any($1::int[]) order by id",
        [[1, 2]],
      );
      expect(rows).toEqual([
        { id: 1, note: "héllo" },
        { id: 2, note: "wörld" },
      ]);

      // drop() must succeed even though this connection is still open (WITH (FORCE)), and end it.
      await db.drop();
      await expect(client.query("select 1")).rejects.toThrow();
    } finally {
      await client.end().catch(() => {});
    }

    const admin = new pg.Client({ connectionString: pgAdminUrl() });
    await admin.connect();
    try {
      const { rows } = await admin.query("select 1 from pg_database where datname = $1", [db.name]);
      expect(rows).toHaveLength(0);
    } finally {
      await admin.end();
    }
    await db.drop(); // idempotent
  });
});
