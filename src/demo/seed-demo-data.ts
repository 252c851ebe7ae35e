import { seedDemoChessboard } from "../domain/chessboard/seed/seed-demo-structure.js";
import { seedDemoCrm } from "../domain/crm/seed/seed-demo-deals.js";
import type { Infra } from "../platform/infra.js";

export type SeedDeps = Omit<Infra, "metrics">;

/**
 * Demo data for embedded mode, context by context, each through its own service path so the
 * events flow as in production (chessboard publishes the structure, crm's replica follows).
 * Every seeder is idempotent: a second `npm start` reuses the data.
 */
const SEEDERS: ReadonlyArray<{ name: string; seed: (deps: SeedDeps) => Promise<unknown> }> = [
  // chessboard first: crm books only objects its replica learned from chessboard's events.
  { name: "chessboard", seed: seedDemoChessboard },
  { name: "crm", seed: seedDemoCrm },
];

export async function seedDemoData(deps: SeedDeps): Promise<void> {
  for (const seeder of SEEDERS) {
    const started = Date.now();
    await seeder.seed(deps);
    deps.log.info({ seeder: seeder.name, ms: Date.now() - started }, "demo data seeded");
  }
}
