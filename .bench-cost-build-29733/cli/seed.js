import { seedDemoData } from "../demo/seed-demo-data.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { SEED } from "./specs.js";
const command = defineCommand(SEED, async (_args, deps, out) => {
  const results = await seedDemoData({ db: deps.db, clock: deps.clock, log: deps.log }, async () => {
  });
  const history = results.history ?? {};
  out.item("demo data seeded (the outbox relay of a running system publishes its events)", {
    seeded: true,
    history
  });
  if (history.alreadySeeded) out.note("The sales history was seeded before: left as it is.");
  else if (!history.bookings) {
    out.note(
      "The sales history waits for crm to learn the demo apartments from chessboard's events: run seed again once a running system (npm start, or the consumers role) has consumed them."
    );
  } else out.note(`The sales history: ${history.bookings} bookings, ${history.sold} sold.`);
  return EXIT_OK;
});
export {
  command
};
//# sourceMappingURL=seed.js.map
