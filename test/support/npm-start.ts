import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * `npm start` with nothing configured, as a user runs it (src/main.ts under tsx): embedded
 * PostgreSQL in a fresh data folder, migrations, demo data, every role in one process on the local
 * event log. Used by the end-to-end tests of the newcomer's path (npm start, GraphiQL, demo pages).
 */
// Generous: on a loaded 2-core machine an embedded start (initdb, migrations, seed) took 89 s.
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

/** A port nobody listens on now (the embedded PostgreSQL would reuse a server it finds). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface StartedProcess {
  readonly child: ChildProcess;
  /** http://127.0.0.1:<port> */
  readonly base: string;
  /** the port of its embedded PostgreSQL */
  readonly embeddedPostgresPort: number;
  /** stdout + stderr so far */
  output(): string;
  /** resolves on the "PIN is ready: GraphiQL at …" banner, rejects on an early exit or after 180 s */
  readonly ready: Promise<void>;
  /**
   * SIGTERM if still running (a clean stop also stops its embedded PostgreSQL, which SIGKILL would
   * orphan), SIGKILL after 30 s, then removes the data folder and its /var/tmp alias.
   */
  dispose(): Promise<void>;
}

export interface NpmStartOptions {
  /** LOG_LEVEL of the process (default warn: only what goes wrong); info shows what a user sees */
  readonly logLevel?: string;
  /**
   * Run `npm start` itself as a terminal would: in a process group of its own whose leader is npm
   * (`child.pid` is the group's id; `process.kill(-pid, "SIGINT")` is Ctrl-C). Default: node on
   * src/main.ts directly.
   */
  readonly viaNpm?: boolean;
}

export async function startNpmStart(options: NpmStartOptions = {}): Promise<StartedProcess> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "pin-start-"));
  const [command, args] = options.viaNpm
    ? ["npm", ["start"]]
    : [process.execPath, ["--import", "tsx", "src/main.ts"]];
  const child = spawn(command, args, {
    cwd: path.resolve(import.meta.dirname, "../.."),
    detached: options.viaNpm === true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      PIN_EMBEDDED_PG_PORT: String(pgPort),
      PIN_DATA_DIR: dataDir,
      LOG_LEVEL: options.logLevel ?? "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${text}`)), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      // The banner main.ts prints after startApp (at info, the log's own "PIN is ready" line comes
      // a moment before it: waiting for that one raced the banner).
      if (text.includes("PIN is ready: GraphiQL")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited early with ${code}:\n${text}`));
    });
  });
  ready.catch(() => {});
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    embeddedPostgresPort: pgPort,
    output: () => text,
    ready,
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        // via npm: the whole group (npm, sh, tsx, the app), as a terminal's hang-up would
        const signal = (name: NodeJS.Signals) =>
          options.viaNpm && child.pid ? process.kill(-child.pid, name) : child.kill(name);
        signal("SIGTERM");
        const timer = setTimeout(() => signal("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
      // As root the embedded PostgreSQL keeps its data under /var/tmp (src/platform/db/embedded-postgres.ts).
      const alias = `/var/tmp/pin-data-${createHash("sha256").update(dataDir).digest("hex").slice(0, 12)}`;
      await rm(alias, { recursive: true, force: true });
    },
  };
}

/** POST a GraphQL document to a started process; throws on GraphQL errors. */
export async function gqlAt<T>(base: string, token: string, query: string): Promise<T> {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** GET /dev/token?role=… of a started process (embedded/dev mode). */
export async function devToken(base: string, role = "agent"): Promise<string> {
  const res = await fetch(`${base}/dev/token?role=${role}`);
  return ((await res.json()) as { token: string }).token;
}
