import { defineCommand, EXIT_OK } from "./command.js";
import { MIGRATE } from "./specs.js";
const command = defineCommand(MIGRATE, async (_args, deps, out) => {
  const rows = await deps.db.$queryRaw`
    SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`;
  for (const row of rows) {
    const state = row.finished_at ? "applied" : "failed";
    out.item(`${state.padEnd(8)} ${row.migration_name}`, { migration: row.migration_name, state });
  }
  return EXIT_OK;
});
export {
  command
};
//# sourceMappingURL=migrate.js.map
