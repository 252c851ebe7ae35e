import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm start` with nothing configured, as a user runs it: embedded PostgreSQL, migrations, demo
 * data, every role in one process on the local event log. The demo agent books a seeded apartment
 * through GraphQL and the chessboard shows it Reserved; SIGTERM stops the process cleanly.
 */
const READY_TIMEOUT_MS = 90_000;

/** A port nobody listens on now (the embedded PostgreSQL would reuse a server it finds). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const PORT = await freePort();
const PG_PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;

function startProcess(dataDir: string): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(PORT),
      PIN_EMBEDDED_PG_PORT: String(PG_PORT),
      PIN_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${text}`)), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("PIN is ready")) {
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
  return { child, output: () => text, ready };
}

async function gql<T>(token: string, query: string): Promise<T> {
  const response = await fetch(`${BASE}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

interface Grid {
  chessboard: { sections: Array<{ floors: Array<{ cells: Array<{ id: string; status: string }> }> }> };
}

describe("npm start on embedded defaults", () => {
  let dataDir = "";
  let proc: ReturnType<typeof startProcess> | null = null;
  afterAll(async () => {
    if (proc?.child.exitCode === null) proc.child.kill("SIGKILL");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("serves GraphiQL with demo data; the demo agent books an apartment; SIGTERM stops cleanly", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pin-start-"));
    proc = startProcess(dataDir);
    await proc.ready;
    expect(proc.output()).toContain(`GraphiQL at ${BASE}/graphql`);
    expect((await fetch(`${BASE}/readyz`)).status).toBe(200);
    // the demo structure went round into the storefront projection before "ready"
    const metricsText = await (await fetch(`${BASE}/metrics`)).text();
    const appliedLots = metricsText
      .split("\n")
      .filter(
        (l) =>
          l.startsWith("catalog_chessboard_sync_consumed_total{") &&
          l.includes('topic="pin.chessboard.property-object-upserted.v1"') &&
          l.includes('result="applied"'),
      )
      .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
    expect(appliedLots).toBeGreaterThan(100);
    expect(proc.output()).toContain("rewards URL not configured");

    const { token } = (await (await fetch(`${BASE}/dev/token?role=agent`)).json()) as { token: string };
    const { deals } = await gql<{
      deals: { edges: Array<{ node: { id: string; status: string; tenantId: string } }> };
    }>(token, "{ deals(first: 10) { edges { node { id status tenantId } } } }");
    const deal = deals.edges.map((e) => e.node).find((d) => d.status === "Application");
    expect(deal).toBeDefined();
    const { chessboardProjects } = await gql<{
      chessboardProjects: Array<{ buildings: Array<{ id: string }> }>;
    }>(token, `{ chessboardProjects(developerId: "${deal?.tenantId}") { buildings { id } } }`);
    const buildingId = chessboardProjects.flatMap((p) => p.buildings)[0]?.id ?? "";
    const gridQuery = `{ chessboard(buildingId: "${buildingId}") { sections { floors { cells { id status } } } } }`;
    const cells = (await gql<Grid>(token, gridQuery)).chessboard.sections.flatMap((s) =>
      s.floors.flatMap((f) => f.cells),
    );
    expect(cells.length).toBeGreaterThan(10);
    const free = cells.find((c) => c.status === "Free");
    expect(free).toBeDefined();
    const created = await gql<{ createBooking: { __typename: string; code?: string } }>(
      token,
      `mutation { createBooking(dealId: "${deal?.id}", propertyObjectId: "${free?.id}") { __typename ... on Error { code message } } }`,
    );
    expect(created.createBooking).toEqual({ __typename: "MutationCreateBookingSuccess" });

    // The status reaches the chessboard through the outbox, the local log and chessboard's consumer.
    await expect
      .poll(
        async () =>
          (await gql<Grid>(token, gridQuery)).chessboard.sections
            .flatMap((s) => s.floors.flatMap((f) => f.cells))
            .find((c) => c.id === free?.id)?.status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe("Reserved");

    const exited = new Promise<number | null>((resolve) => proc?.child.once("exit", (code) => resolve(code)));
    proc.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
