import { createHash } from "node:crypto";
import { realpath } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { ConfigError } from "../config/settings.js";

/**
 * Whose cluster answers on the embedded port (issue #42 item 5; decision 0578): embedded mode may
 * share a cluster only with another process of this project on the same data folder (a running
 * `npm start` and the CLI beside it). Another PostgreSQL on that port — another checkout's, a
 * system one — is refused with one line (a ConfigError: main prints its message alone) instead of
 * receiving our migrations, seeds and workers.
 */
export class EmbeddedPortTaken extends ConfigError {
  constructor(port: number, found: string, expected: string) {
    super(
      "PIN_EMBEDDED_PG_PORT",
      `port ${port} is served by another PostgreSQL cluster (data directory ${found}, not ${expected}); stop it, choose a free port, or set DATABASE_URL to use that server on purpose`,
    );
    this.name = "EmbeddedPortTaken";
  }
}

/** The folder the data goes to when the postgres OS user cannot traverse the wanted one (root runs). */
export function aliasDataFolder(absolute: string): string {
  return path.join(
    "/var/tmp",
    `pin-data-${createHash("sha256").update(absolute).digest("hex").slice(0, 12)}`,
  );
}

const canonical = (dir: string) => realpath(dir).catch(() => path.resolve(dir));

/**
 * Throws EmbeddedPortTaken unless the cluster at `adminUrl` keeps its data in `<dataDir>/pg` (or
 * its /var/tmp alias). `SHOW data_directory` needs a superuser (ours is): a cluster that will not
 * say is not ours either.
 */
export async function assertOwnEmbeddedCluster(
  adminUrl: string,
  dataDir: string,
  port: number,
): Promise<void> {
  const absolute = path.resolve(dataDir);
  const expected = [path.join(absolute, "pg"), path.join(aliasDataFolder(absolute), "pg")];
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  let found = "(not shown to us)";
  try {
    await client.connect();
    found =
      (await client.query<{ data_directory: string }>("SHOW data_directory")).rows[0]?.data_directory ??
      found;
  } catch {
    // not a superuser, or no answer: not ours
  } finally {
    await client.end().catch(() => undefined);
  }
  const mine = await Promise.all(expected.map(canonical));
  if (!mine.includes(await canonical(found))) throw new EmbeddedPortTaken(port, found, expected[0]!);
}
