import { seedDemoData } from "../demo/seed-demo-data.js";
import type { CliCommand } from "./command.js";

export const command: CliCommand = {
  name: "seed",
  summary: "Seed the demo data (idempotent; events go through the outbox like any change)",
  usage: "seed",
  async run(_argv, deps) {
    // No consumers in this process: nothing to wait for between the seeders.
    await seedDemoData({ db: deps.db, clock: deps.clock, log: deps.log }, async () => {});
    console.log("demo data seeded (the outbox relay of a running `npm start` publishes its events)");
    return 0;
  },
};
