import type { CliCommand } from "./command.js";

/** Migrations are applied by the CLI bootstrap itself; this command reports what it did. */
export const command: CliCommand = {
  name: "migrate",
  summary: "Apply pending database migrations (Prisma-compatible bookkeeping)",
  usage: "migrate",
  async run(_argv, deps) {
    const rows = await deps.db.$queryRaw<Array<{ migration_name: string; finished_at: Date | null }>>`
      SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`;
    for (const row of rows) console.log(`${row.finished_at ? "applied" : "FAILED "}  ${row.migration_name}`);
    return 0;
  },
};
