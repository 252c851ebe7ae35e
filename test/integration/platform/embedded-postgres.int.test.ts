import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { EmbeddedPortTaken } from "../../../src/platform/db/embedded-cluster-owner.js";
import { startEmbeddedPostgres } from "../../../src/platform/db/embedded-postgres.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { freePort } from "../../support/npm-start.js";
import { pgAdminUrl } from "../../support/services.js";

async function roundTrip(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL (npm start with nothing configured)", () => {
  it("starts, serves queries, stops, and a second start reuses the data", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "pin-embedded-"));
    const { logger } = createMemoryLogger();
    // A free port, not a fixed one: files run in parallel and two runs may share the machine.
    const PORT = await freePort();
    try {
      const first = await startEmbeddedPostgres({ dataDir: dir, port: PORT, database: "pin", log: logger });
      await roundTrip(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
      await first.stop();
      const second = await startEmbeddedPostgres({ dataDir: dir, port: PORT, database: "pin", log: logger });
      expect(await roundTrip(second.url, "SELECT v FROM kept")).toEqual([{ v: "still here" }]);
      await second.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)(
    "works when the project sits under a folder the postgres user cannot traverse",
    async () => {
      const home = await mkdtemp(path.join(tmpdir(), "pin-home-"));
      await chmod(home, 0o700);
      const { logger, entries } = createMemoryLogger();
      const PORT = await freePort();
      try {
        const server = await startEmbeddedPostgres({
          dataDir: path.join(home, "project", ".data"),
          port: PORT,
          database: "pin",
          log: logger,
        });
        expect(server.dataDir.startsWith("/var/tmp/pin-data-")).toBe(true);
        expect(await roundTrip(server.url, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
        await server.stop();
        expect(entries.some((e) => String(e.msg).includes("cannot traverse the data folder"))).toBe(true);
        await rm(path.dirname(server.dataDir), { recursive: true, force: true });
      } finally {
        await rm(home, { recursive: true, force: true });
      }
    },
  );
});

describe("embedded mode on a port another cluster answers (issue #42 item 5)", () => {
  it("refuses, in one line, a PostgreSQL whose data directory is not this project's", async () => {
    const port = Number(new URL(pgAdminUrl()).port || 5432);
    const dir = await mkdtemp(path.join(tmpdir(), "pin-embedded-other-"));
    const { logger } = createMemoryLogger();
    try {
      const started = startEmbeddedPostgres({
        dataDir: dir,
        port,
        database: `pin_never_${Date.now()}`,
        log: logger,
      });
      await expect(started).rejects.toBeInstanceOf(EmbeddedPortTaken);
      await expect(started).rejects.toThrow(
        /^Invalid setting PIN_EMBEDDED_PG_PORT: port \d+ is served by another PostgreSQL cluster \(data directory [^\n]+\)[^\n]*$/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
