import { hideDemoApartments, seedDemoChessboard } from "../domain/chessboard/seed/seed-demo-structure.js";
import { seedDemoCrm } from "../domain/crm/seed/seed-demo-deals.js";
import { seedDemoHistory } from "./seed-demo-history.js";
const SEEDERS = [
  // chessboard first: crm books only objects its replica learned from chessboard's events.
  // Level by level (decision 0421): a building only once the catalog has its project, an
  // apartment only once it has its building; one summary line.
  { name: "chessboard", seed: seedChessboardLevelByLevel },
  { name: "chessboard hidden apartments", seed: hideDemoApartments, settleFirst: true },
  { name: "crm", seed: seedDemoCrm },
  // A month of sales through crm's commands (issue #44): the chessboard, the storefront, the funnel
  // and the chats all follow from its events. After the hiding went round: crm's replica must know
  // which apartments are Free.
  { name: "history", seed: seedDemoHistory, settleFirst: true }
];
async function seedChessboardLevelByLevel(deps, settle) {
  let created = 0;
  for (const upTo of ["projects", "buildings", "apartments"]) {
    if (upTo !== "projects") await settle();
    created += (await seedDemoChessboard({ ...deps, upTo })).created;
  }
  return { created };
}
async function seedDemoData(deps, settle) {
  const results = {};
  for (const seeder of SEEDERS) {
    if (seeder.settleFirst) await settle();
    const started = Date.now();
    const result = await seeder.seed(deps, settle);
    results[seeder.name] = result;
    deps.log.info({ seeder: seeder.name, ...result, ms: Date.now() - started }, "demo data seeded");
  }
  return results;
}
export {
  seedDemoData
};
//# sourceMappingURL=seed-demo-data.js.map
