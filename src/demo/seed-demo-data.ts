import { hideDemoApartments, seedDemoChessboard } from "../domain/chessboard/seed/seed-demo-structure.js";
import { seedDemoCrm } from "../domain/crm/seed/seed-demo-deals.js";
import { seedDemoHistory } from "./seed-demo-history.js";
import type { SeedDeps } from "./seed-deps.js";

export type { SeedDeps } from "./seed-deps.js";

interface Seeder {
  readonly name: string;
  readonly seed: (deps: SeedDeps, settle: () => Promise<void>) => Promise<Record<string, number>>;
  /** Wait until the consumers caught up with what the seeders before wrote (their events) */
  readonly settleFirst?: boolean;
}

/**
 * Demo data for embedded mode, context by context, each through its own service path so the
 * events flow as in production (chessboard publishes the structure, crm's replica follows, the
 * sales history goes through crm's commands).
 * Every seeder is idempotent: a second `npm start` reuses the data. The order is the events'
 * order the consumers need (issue #24): a status change (hiding) only once the catalog has the
 * apartment, so the demo start parks nothing.
 */
const SEEDERS: readonly Seeder[] = [
  // chessboard first: crm books only objects its replica learned from chessboard's events.
  // Level by level (decision 0421): a building only once the catalog has its project, an
  // apartment only once it has its building; one summary line.
  { name: "chessboard", seed: seedChessboardLevelByLevel },
  { name: "chessboard hidden apartments", seed: hideDemoApartments, settleFirst: true },
  { name: "crm", seed: seedDemoCrm },
  // A month of sales through crm's commands (issue #44): the chessboard, the storefront, the funnel
  // and the chats all follow from its events. After the hiding went round: crm's replica must know
  // which apartments are Free.
  { name: "history", seed: seedDemoHistory, settleFirst: true },
];

async function seedChessboardLevelByLevel(deps: SeedDeps, settle: () => Promise<void>) {
  let created = 0;
  for (const upTo of ["projects", "buildings", "apartments"] as const) {
    if (upTo !== "projects") await settle();
    created += (await seedDemoChessboard({ ...deps, upTo })).created;
  }
  return { created };
}

/**
 * Runs the seeders in order, one summary line each; `settle` waits for the consumers. Returns each
 * seeder's counts by its name.
 */
export async function seedDemoData(
  deps: SeedDeps,
  settle: () => Promise<void>,
): Promise<Record<string, Record<string, number>>> {
  const results: Record<string, Record<string, number>> = {};
  for (const seeder of SEEDERS) {
    if (seeder.settleFirst) await settle();
    const started = Date.now();
    const result = await seeder.seed(deps, settle);
    results[seeder.name] = result;
    deps.log.info({ seeder: seeder.name, ...result, ms: Date.now() - started }, "demo data seeded");
  }
  return results;
}
