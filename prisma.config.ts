import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

// Prisma 7 downloads its native schema engine before most CLI commands; that download cannot
// happen on our machines. Pointing it at a stub lets `prisma generate` (WASM/TS only) succeed
// and makes any command that truly needs the engine fail with an explanation.
const here = path.dirname(fileURLToPath(import.meta.url));
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(here, "scripts/prisma/no-schema-engine.sh");

export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
});
