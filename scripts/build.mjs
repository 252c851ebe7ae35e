// `npm run build`: src/**/*.ts → dist/ as plain ESM JavaScript (esbuild, file by file, no bundle:
// dist/ mirrors src/, so the paths modules resolve relative to themselves — ../../../../prisma,
// schema/, the demo pages — hold from dist/ as from src/). Files that are not TypeScript (demo
// HTML, SQL) are copied. Tests are not built. Type checking is `npm run typecheck`'s job.
// `--out <name>` builds into another folder directly under the repository (it must sit where dist/
// does, for those relative paths): the faults rig builds its own copy per test process
// (test/faults/rig/build-main.ts), so two rigs at once never rewrite each other's files.
import { cp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "src");
const outAt = process.argv.indexOf("--out");
const outName = outAt === -1 ? "dist" : process.argv[outAt + 1];
if (
  !outName ||
  !/^[A-Za-z0-9._-]+$/.test(outName) ||
  outName === "." ||
  outName === ".." ||
  outName === "src"
) {
  console.error(`build: --out takes a folder name directly under the repository (not src), got ${outName}`);
  process.exit(2);
}
const out = path.join(root, outName);

async function walk(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else files.push(full);
  }
  return files;
}

const started = performance.now();
await rm(out, { recursive: true, force: true });
const files = await walk(src);
const isTest = (f) => /\.(unit|int|e2e)\.test\.ts$/.test(f) || f.endsWith(".test.ts");
const entryPoints = files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !isTest(f));
await build({
  entryPoints,
  outdir: out,
  outbase: src,
  format: "esm",
  platform: "node",
  target: "node24",
  sourcemap: true,
  logLevel: "warning",
});
const assets = files.filter((f) => !f.endsWith(".ts"));
for (const file of assets) await cp(file, path.join(out, path.relative(src, file)));
console.log(
  `build: ${entryPoints.length} modules and ${assets.length} assets → ${outName}/ in ${Math.round(performance.now() - started)} ms`,
);
