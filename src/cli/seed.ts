import { seedDemoData } from "../demo/seed-demo-data.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { SEED } from "./specs.js";

export const command = defineCommand(SEED, async (_args, deps, out) => {
  // No consumers in this process: nothing to wait for between the seeders.
  await seedDemoData({ db: deps.db, clock: deps.clock, log: deps.log }, async () => {});
  out.item("demo data seeded (the outbox relay of a running system publishes its events)", { seeded: true });
  return EXIT_OK;
});
