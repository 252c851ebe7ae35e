import type { Infra } from "../platform/infra.js";

/** What a demo seeder gets: the infrastructure without the metrics registry. */
export type SeedDeps = Omit<Infra, "metrics">;
