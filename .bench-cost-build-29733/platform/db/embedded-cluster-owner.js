import { createHash } from "node:crypto";
import { realpath } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { ConfigError } from "../config/settings.js";
class EmbeddedPortTaken extends ConfigError {
  constructor(port, found, expected) {
    super(
      "PIN_EMBEDDED_PG_PORT",
      `port ${port} is served by another PostgreSQL cluster (data directory ${found}, not ${expected}); stop it, choose a free port, or set DATABASE_URL to use that server on purpose`
    );
    this.name = "EmbeddedPortTaken";
  }
}
function aliasDataFolder(absolute) {
  return path.join(
    "/var/tmp",
    `pin-data-${createHash("sha256").update(absolute).digest("hex").slice(0, 12)}`
  );
}
const canonical = (dir) => realpath(dir).catch(() => path.resolve(dir));
async function assertOwnEmbeddedCluster(adminUrl, dataDir, port) {
  const absolute = path.resolve(dataDir);
  const expected = [path.join(absolute, "pg"), path.join(aliasDataFolder(absolute), "pg")];
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2e3 });
  let found = "(not shown to us)";
  try {
    await client.connect();
    found = (await client.query("SHOW data_directory")).rows[0]?.data_directory ?? found;
  } catch {
  } finally {
    await client.end().catch(() => void 0);
  }
  const mine = await Promise.all(expected.map(canonical));
  if (!mine.includes(await canonical(found))) throw new EmbeddedPortTaken(port, found, expected[0]);
}
export {
  EmbeddedPortTaken,
  aliasDataFolder,
  assertOwnEmbeddedCluster
};
//# sourceMappingURL=embedded-cluster-owner.js.map
