// What one caller can make the API spend at the limits (docs/engineering/security.md). Run:
//   set -a; . .infra/services.env; set +a; npx tsx bench/security/measure.ts
// Starts `src/main.ts` (api role, production limits except rates) in a child process on a fresh
// database with one 5,000-object building, sends each class's worst allowed request, and reads the
// server's own CPU and memory from /metrics.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { LIMITS } from "../../src/graphql/security/limits.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, need, withAdmin } from "../support.js";
import { seedFullBuilding } from "./full-building.js";

const PORT = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${PORT}`;
const dbName = `pin_bench_security_${Date.now().toString(36)}`;

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

async function measure(label: string, requests: number, send: () => Promise<Response>) {
  await send(); // warm
  const cpu0 = await metric("process_cpu_seconds_total");
  let peakRss = await metric("process_resident_memory_bytes");
  let bytes = 0;
  const started = Date.now();
  for (let i = 0; i < requests; i++) {
    const response = await send();
    bytes += (await response.arrayBuffer()).byteLength;
    if (i % 5 === 4) peakRss = Math.max(peakRss, await metric("process_resident_memory_bytes"));
  }
  const cpu = (await metric("process_cpu_seconds_total")) - cpu0;
  const row = {
    label,
    requests,
    cpuMsPerRequest: Math.round((cpu * 1000) / requests),
    wallMsPerRequest: Math.round((Date.now() - started) / requests),
    responseKiB: Math.round(bytes / requests / 1024),
    peakRssMiB: Math.round(peakRss / 1024 / 1024),
  };
  console.log(JSON.stringify(row));
  return row;
}

const url = new URL(need("TEST_DATABASE_URL"));
await withAdmin((c) => c.query(`CREATE DATABASE "${dbName}"`));
url.pathname = `/${dbName}`;
let child: ChildProcess | null = null;
try {
  child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      ...process.env,
      ...BENCH_API_ENV,
      NODE_ENV: "test",
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      PIN_ROLES: "api,workers",
      PIN_SEED_DEMO: "false",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  // one developer, project and a 5,000-object building (the bound), written directly
  const developer = randomUUID();
  const project = randomUUID();
  const building = randomUUID();
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await seedFullBuilding((sql, params) => client.query(sql, params), { developer, project, building });
  await client.end();

  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const agent = await tokens.sign({ userId: randomUUID(), roles: ["agent"], tenantId: null });
  const post = (query: string, token?: string) =>
    fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query }),
    });
  const maxTokens = `{ ${Array.from({ length: 1_990 }, (_, i) => `a${i.toString(36)}:__typename`).join(" ")} }`;
  const grid = `chessboard(buildingId: "${building}") { sections { floors { cells { id number status price rooms totalArea version } } } }`;
  const aliases = Array.from({ length: LIMITS.maxAliases }, (_, i) => `g${i}: ${grid}`).join(" ");
  await measure("anonymous: refused 2,000-token document", 40, () => post(maxTokens));
  await measure("anonymous: viewer", 200, () => post("{ viewer { userId } }"));
  await measure("signed-in: one 5,000-object grid", 10, () => post(`{ ${grid} }`, agent));
  await measure(
    `signed-in: ${LIMITS.maxAliases} aliased 5,000-object grids (refused past the row budget)`,
    5,
    () => post(`{ ${aliases} }`, agent),
  );
  await measure("signed-in: deals(first: 100) with bookings and timeline", 20, () =>
    post("{ deals(first: 100) { edges { node { id bookings { id status } } } } }", agent),
  );
} finally {
  child?.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
}
