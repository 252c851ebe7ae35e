import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient, type Db } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { migratedTemplate } from "./migrated-template.js";
import { createTestDatabase, pgAdminUrl } from "./services.js";

export interface MigratedDatabase {
  readonly url: string;
  readonly prisma: Db;
  drop(): Promise<void>;
}

/**
 * A fresh database with every migration applied, and a Prisma client on it. Each suite gets its
 * own database (name prefixed for debugging), a copy of the migrated template (decision 0475),
 * and drops it in afterAll.
 */
export async function createMigratedDatabase(prefix: string): Promise<MigratedDatabase> {
  const database = await createTestDatabase(prefix, await migratedTemplate(pgAdminUrl()));
  await runMigrations({ url: database.url, log: createLogger({ level: "warn", pretty: false }) });
  const prisma = createPrismaClient({ url: database.url });
  return {
    url: database.url,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}
