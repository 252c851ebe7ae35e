import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BENCH_KAFKA_CLIENT } from "./support.js";
import type { BenchResult } from "./types.js";

/**
 * `npm run bench [suite…]`: runs every benchmark suite (bench/<suite>/index.ts exporting
 * `run<Suite>Benchmarks()`) against the real services of `npm run infra:up`, prints a table and
 * writes bench/results/<timestamp>.json. Figures are reported in docs/engineering/benchmarks.md; they are
 * never CI gates.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SUITES: Record<string, string> = {
  events: "runEventBenchmarks",
  crm: "runCrmBenchmarks",
  chessboard: "runChessboardBenchmarks",
  catalog: "runCatalogBenchmarks",
  devstats: "runDevstatsBenchmarks",
  messenger: "runMessengerBenchmarks",
  peers: "runPeersBenchmarks",
  tracing: "runTracingBenchmarks",
  "storefront-flood": "runStorefrontFloodBenchmarks",
  cost: "runCostBenchmarks",
};
/** Suites a bare `npm run bench` skips: they start role processes and build a baseline checkout (minutes). */
const NAMED_ONLY = new Set(["cost"]);

function loadServicesEnv(): void {
  const file = path.resolve(here, "../.infra/services.env");
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match && process.env[match[1]!] === undefined) process.env[match[1]!] = match[2];
  }
}

async function main(): Promise<void> {
  loadServicesEnv();
  const wanted = process.argv.slice(2);
  const all: Array<BenchResult & { suite: string; kafkaClient: string }> = [];
  for (const [suite, exportName] of Object.entries(SUITES)) {
    if (wanted.length > 0 ? !wanted.includes(suite) : NAMED_ONLY.has(suite)) continue;
    const entry = path.join(here, suite, "index.ts");
    if (!existsSync(entry)) {
      console.log(`- ${suite}: no suite yet (${entry})`);
      continue;
    }
    const module = (await import(pathToFileURL(entry).href)) as Record<string, () => Promise<BenchResult[]>>;
    const run = module[exportName];
    if (!run) throw new Error(`${entry} does not export ${exportName}`);
    console.log(`\n=== ${suite} (Kafka client ${BENCH_KAFKA_CLIENT}) ===`);
    const results = await run();
    for (const r of results) all.push({ ...r, suite, kafkaClient: BENCH_KAFKA_CLIENT });
    console.table(
      results.map((r) => ({
        name: r.name,
        value: Number(r.value.toFixed(2)),
        unit: r.unit,
        baseline: r.baseline === undefined ? "" : Number(r.baseline.toFixed(2)),
        ratio: r.ratio === undefined ? "" : Number(r.ratio.toFixed(2)),
        target: r.target ?? "",
      })),
    );
  }
  const out = path.join(here, "results");
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `${new Date().toISOString().replaceAll(":", "-")}.json`);
  writeFileSync(file, JSON.stringify(all, null, 2));
  console.log(`\nresults written to ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
