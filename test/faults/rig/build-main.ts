import { mkdir } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const REPO = path.resolve(import.meta.dirname, "../../..");
/**
 * Four folders below the repository, like src/platform/db/migrations: the paths the app derives
 * from its own location (prisma/migrations, schema/events) then resolve to the repository's, and
 * its dependencies resolve from the repository's node_modules.
 */
const OUT_DIR = path.join(REPO, ".infra/faults/build/main");

/**
 * src/main.ts compiled once into one ES module (dependencies left external) for the role
 * processes: starting six processes under tsx compiles the app six times on every (re)start, twice
 * the CPU of loading one prebuilt file on a 2-core machine (decision 0181).
 */
export async function buildMain(): Promise<string> {
  await mkdir(OUT_DIR, { recursive: true });
  const outfile = path.join(OUT_DIR, "main.mjs");
  await build({
    entryPoints: [path.join(REPO, "src/main.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile,
    logLevel: "warning",
  });
  return outfile;
}
