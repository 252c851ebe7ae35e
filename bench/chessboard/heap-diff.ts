// Where a graphql-ws subscriber's memory goes (issue #26 item 4): the fan-out bench's API server,
// N subscribers opened between two heap snapshots, and the diff grouped by (node type, name).
// `NODE_OPTIONS=--expose-gc npx tsx bench/chessboard/heap-diff.ts [subscribers] [connect-only]`
// (reads .infra/services.env like `npm run bench`). A tool for reading, never a CI gate.
import { readFileSync, rmSync } from "node:fs";
import { writeHeapSnapshot } from "node:v8";
import { DEMO_CHESSBOARD } from "../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { heapBytes, startBenchApi } from "../fan-out.js";
import { BENCH_JWT_SECRET } from "../support.js";
import { fanOutWorld } from "./index.js";
import { type CountingClient, closeAll, openGraphqlWsSubscriber, openSocket } from "./ws-clients.js";

for (const line of readFileSync(new URL("../../.infra/services.env", import.meta.url), "utf8").split("\n")) {
  const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
  if (match && process.env[match[1]!] === undefined) process.env[match[1]!] = match[2];
}

const SUBSCRIBERS = Number(process.argv[2] ?? 500);
const CONNECT_ONLY = process.argv[3] === "connect-only";
const WARMUP = 20;
const SUBSCRIPTION = `subscription($b: ID) { chessboardUpdates(buildingId: $b) { __typename
  ... on PropertyObjectStatusDelta { propertyObjectId status version }
  ... on PropertyObjectPriceDelta { propertyObjectId price version } } }`;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[] } };
  nodes: number[];
  edges: number[];
  strings: string[];
  locations?: number[];
}

/** The owners (type name, property names) of B's new dictionary backing stores: which objects are slow. */
function dictionaryOwners(fileA: string, fileB: string, per: number): void {
  const idsOf = (snap: Snapshot) => {
    const w = snap.snapshot.meta.node_fields.length;
    const at = snap.snapshot.meta.node_fields.indexOf("id");
    const ids = new Set<number>();
    for (let i = 0; i < snap.nodes.length; i += w) ids.add(snap.nodes[i + at]!);
    return ids;
  };
  const old = idsOf(JSON.parse(readFileSync(fileA, "utf8")) as Snapshot);
  const snap = JSON.parse(readFileSync(fileB, "utf8")) as Snapshot;
  const f = snap.snapshot.meta.node_fields;
  const w = f.length;
  const [typeAt, nameAt, idAt, countAt] = ["type", "name", "id", "edge_count"].map((x) =>
    f.indexOf(x),
  ) as number[];
  const ew = snap.snapshot.meta.edge_fields.length;
  const types = snap.snapshot.meta.node_types[0];
  const owners = new Map<string, number>();
  const where = new Map<number, string>();
  const loc = snap.locations ?? [];
  for (let l = 0; l < loc.length; l += 4)
    where.set(loc[l]!, `${loc[l + 1]}:${loc[l + 2]! + 1}:${loc[l + 3]}`);
  let edge = 0;
  for (let i = 0; i < snap.nodes.length; i += w) {
    const count = snap.nodes[i + countAt!]!;
    const names: string[] = [];
    let slow = false;
    for (let e = edge; e < edge + count * ew; e += ew) {
      const to = snap.edges[e + 2]!;
      const edgeType = snap.edges[e]!;
      const nameOrIndex = snap.edges[e + 1]!;
      if (edgeType === 2 || edgeType === 3) names.push(snap.strings[nameOrIndex]!);
      const toType = types[snap.nodes[to + typeAt!]!];
      if (
        toType === "array" &&
        snap.strings[snap.nodes[to + nameAt!]!] === "(object properties)" &&
        !old.has(snap.nodes[to + idAt!]!)
      )
        slow = true;
    }
    edge += count * ew;
    if (!slow) continue;
    const key = `${types[snap.nodes[i + typeAt!]!]} ${snap.strings[snap.nodes[i + nameAt!]!]} ${where.get(i) ?? ""} {${names.slice(0, 14).join(",")}}`;
    owners.set(key, (owners.get(key) ?? 0) + 1);
  }
  for (const [key, n] of [...owners].sort((x, y) => y[1] - x[1]).slice(0, 20))
    console.log(`${(n / per).toFixed(2)}×  ${key}`);
}

/** self size and count per "type name" of a snapshot file. */
function groups(file: string): Map<string, { count: number; size: number }> {
  const snap = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const types = snap.snapshot.meta.node_types[0];
  const out = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!]!;
    let name = snap.strings[snap.nodes[i + nameAt]!]!;
    if (type === "string" || type === "concatenated string" || type === "sliced string") name = "";
    if (type === "number") name = "";
    const key = `${type} ${name.slice(0, 80)}`;
    const g = out.get(key) ?? { count: 0, size: 0 };
    g.count += 1;
    g.size += snap.nodes[i + sizeAt]!;
    out.set(key, g);
  }
  return out;
}

async function main() {
  const { database, db, deps } = await fanOutWorld("bench_heap_diff", SUBSCRIBERS + WARMUP);
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const { api, wsUrl } = await startBenchApi(deps, tokens);
  const token = await tokens.sign({
    userId: DEMO_USERS.agent.userId,
    roles: ["agent"],
    tenantId: DEMO_USERS.agent.tenantId,
  });
  const open = async (): Promise<CountingClient> => {
    if (!CONNECT_ONLY)
      return openGraphqlWsSubscriber(wsUrl, token, SUBSCRIPTION, { b: DEMO_CHESSBOARD.buildingId });
    const socket = await openSocket(wsUrl, "graphql-transport-ws");
    await new Promise<void>((resolve) => {
      socket.once("message", () => resolve());
      socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }));
    });
    return { socket, received: 0 };
  };
  const clients: CountingClient[] = [];
  for (let i = 0; i < WARMUP; i++) clients.push(await open());
  const before = heapBytes();
  const a = writeHeapSnapshot("/tmp/heap-diff-a.heapsnapshot");
  for (let i = 0; i < SUBSCRIBERS; i++) clients.push(await open());
  const after = heapBytes();
  const b = writeHeapSnapshot("/tmp/heap-diff-b.heapsnapshot");
  console.log(
    `${CONNECT_ONLY ? "connection" : "subscriber"}: ${((after - before) / SUBSCRIBERS / 1024).toFixed(2)} KiB each (${SUBSCRIBERS})`,
  );
  const ga = groups(a);
  const gb = groups(b);
  const rows = [...gb].map(([key, g]) => {
    const was = ga.get(key) ?? { count: 0, size: 0 };
    return { key, count: (g.count - was.count) / SUBSCRIBERS, bytes: (g.size - was.size) / SUBSCRIBERS };
  });
  rows.sort((x, y) => y.bytes - x.bytes);
  let sum = 0;
  for (const r of rows) sum += r.bytes;
  console.log(
    `snapshot diff: ${(sum / 1024).toFixed(2)} KiB per ${CONNECT_ONLY ? "connection" : "subscriber"}`,
  );
  for (const r of rows.slice(0, 45))
    console.log(`${r.bytes.toFixed(0).padStart(6)} B  ${r.count.toFixed(2).padStart(6)}×  ${r.key}`);
  if (process.env.HEAP_DIFF_OWNERS === "1") dictionaryOwners(a, b, SUBSCRIBERS);
  rmSync(a);
  rmSync(b);
  closeAll(clients);
  await api.stop();
  await db.$disconnect();
  await database.drop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
