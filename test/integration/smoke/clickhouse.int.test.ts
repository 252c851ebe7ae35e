// Smoke: the same analytics SQL (AggregatingMergeTree fed by a materialized view, uniqState /
// uniqMerge) gives the same distinct counts on the ClickHouse server (18.16, over HTTP with
// @clickhouse/client) and on chdb (the embedded current engine).
// 18.16 has no query parameters ({x:String}), DateTime64 or LowCardinality: values go in by inserts.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ClickHouseClient, createClient } from "@clickhouse/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { clickhouseUrl, describeWithService, isCI } from "../../support/services.js";

const DB = `smoke_ch_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

const DDL = [
  `CREATE DATABASE IF NOT EXISTS ${DB}`,
  `CREATE TABLE ${DB}.visits (day Date, project String, visitor String) ENGINE = MergeTree() ORDER BY (day, project)`,
  `CREATE TABLE ${DB}.visitors_daily (day Date, project String, visitors AggregateFunction(uniq, String))
     ENGINE = AggregatingMergeTree() ORDER BY (day, project)`,
  `CREATE MATERIALIZED VIEW ${DB}.visitors_daily_mv TO ${DB}.visitors_daily AS
     SELECT day, project, uniqState(visitor) AS visitors FROM ${DB}.visits GROUP BY day, project`,
];

const QUERY = `SELECT project, toUInt64(uniqMerge(visitors)) AS visitors
  FROM ${DB}.visitors_daily GROUP BY project ORDER BY project`;

type Visit = { day: string; project: string; visitor: string };
// Two batches (two inserts -> two parts in the aggregate table) with duplicates inside and across.
const BATCH_1: Visit[] = [
  { day: "2026-03-01", project: "p-alpha", visitor: "u1" },
  { day: "2026-03-01", project: "p-alpha", visitor: "u1" },
  { day: "2026-03-01", project: "p-alpha", visitor: "u2" },
  { day: "2026-03-01", project: "p-beta", visitor: "u1" },
];
const BATCH_2: Visit[] = [
  { day: "2026-03-01", project: "p-alpha", visitor: "u2" },
  { day: "2026-03-01", project: "p-alpha", visitor: "u3" },
  { day: "2026-03-02", project: "p-alpha", visitor: "u1" },
  { day: "2026-03-01", project: "p-beta", visitor: "u1" },
];
const EXPECTED = [
  { project: "p-alpha", visitors: 3 },
  { project: "p-beta", visitors: 1 },
];

const normalize = (rows: Array<{ project: string; visitors: number | string }>) =>
  rows.map((r) => ({ project: r.project, visitors: Number(r.visitors) }));

describeWithService("clickhouse", "smoke: clickhouse", () => {
  let client: ClickHouseClient;

  beforeAll(() => {
    client = createClient({ url: clickhouseUrl(), request_timeout: 30_000 });
  });
  afterAll(async () => {
    await client?.command({ query: `DROP DATABASE IF EXISTS ${DB}` }).catch(() => {});
    await client?.close();
  });

  it("server 18.16: uniqState/uniqMerge over AggregatingMergeTree counts distinct visitors", async () => {
    const version = await (
      await client.query({ query: "SELECT version() AS v", format: "JSONEachRow" })
    ).json<{
      v: string;
    }>();
    expect(version[0]?.v).toMatch(/^\d+\./);

    for (const query of DDL) await client.command({ query });
    await client.insert({ table: `${DB}.visits`, values: BATCH_1, format: "JSONEachRow" });
    await client.insert({ table: `${DB}.visits`, values: BATCH_2, format: "JSONEachRow" });

    const raw = await (
      await client.query({ query: `SELECT count() AS n FROM ${DB}.visits`, format: "JSONEachRow" })
    ).json<{
      n: string;
    }>();
    expect(Number(raw[0]?.n)).toBe(BATCH_1.length + BATCH_2.length);

    const rows = await (await client.query({ query: QUERY, format: "JSONEachRow" })).json<{
      project: string;
      visitors: string;
    }>();
    expect(normalize(rows)).toEqual(EXPECTED);

    // Merging the parts must not change the answer.
    await client.command({ query: `OPTIMIZE TABLE ${DB}.visitors_daily FINAL` });
    const merged = await (await client.query({ query: QUERY, format: "JSONEachRow" })).json<{
      project: string;
      visitors: string;
    }>();
    expect(normalize(merged)).toEqual(EXPECTED);
  });

  it("chdb (embedded engine): the same SQL gives the same counts", async (ctx) => {
    const loaded = await import("chdb").then(
      (mod) => ({ mod }),
      (err: unknown) => ({ err }),
    );
    if (!("mod" in loaded)) {
      const why = loaded.err instanceof Error ? loaded.err.message : String(loaded.err);
      const msg = `chdb could not be loaded (${why}); it is an optional dependency: npm install`;
      if (isCI()) throw new Error(msg);
      console.warn(`\n!! SKIPPED chdb check: ${msg}\n`);
      return ctx.skip(msg);
    }
    const chdb = loaded.mod;
    const dir = mkdtempSync(join(tmpdir(), "pin-chdb-smoke-"));
    const session = new chdb.Session(dir);
    try {
      for (const query of DDL) session.query(query);
      const jsonLines = (rows: Visit[]) => rows.map((r) => JSON.stringify(r)).join("\n");
      session.query(`INSERT INTO ${DB}.visits FORMAT JSONEachRow\n${jsonLines(BATCH_1)}`);
      session.query(`INSERT INTO ${DB}.visits FORMAT JSONEachRow\n${jsonLines(BATCH_2)}`);
      const parse = (out: string) =>
        out
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { project: string; visitors: number | string });
      expect(normalize(parse(session.query(QUERY, "JSONEachRow")))).toEqual(EXPECTED);
      session.query(`OPTIMIZE TABLE ${DB}.visitors_daily FINAL`);
      expect(normalize(parse(session.query(QUERY, "JSONEachRow")))).toEqual(EXPECTED);
    } finally {
      session.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
