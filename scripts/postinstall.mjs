// `npm install`'s postinstall: `prisma generate` (the client under src/generated/) when the Prisma CLI
// is installed, i.e. a development install. A production install (`npm install --omit=dev
// --omit=optional`, README "Deploying") has no CLI — prisma is a devDependency — and needs none:
// the build (dist/generated/) carries the generated client (decision 0422). Without this check that
// install failed with "sh: prisma: not found".
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let cli;
try {
  cli = require.resolve("prisma/build/index.js");
} catch {
  console.log(
    "postinstall: no Prisma CLI (a production install): prisma generate skipped, dist/ has the client",
  );
  process.exit(0);
}
const run = spawnSync(process.execPath, [cli, "generate"], { stdio: "inherit" });
process.exit(run.status ?? 1);
