import { CATALOG_RECONCILE, DLQ, MIGRATE, RECONCILE, REPLAY, SEED, TOPICS } from "./specs.js";
const COMMANDS = [
  { spec: MIGRATE, database: true, load: async () => (await import("./migrate.js")).command },
  { spec: SEED, database: true, load: async () => (await import("./seed.js")).command },
  { spec: DLQ, database: true, load: async () => (await import("./dlq.js")).command },
  { spec: REPLAY, database: true, load: async () => (await import("./replay.js")).command },
  { spec: RECONCILE, database: true, load: async () => (await import("./reconcile.js")).command },
  {
    spec: CATALOG_RECONCILE,
    database: true,
    load: async () => (await import("./catalog-reconcile.js")).command
  },
  { spec: TOPICS, database: false, load: async () => (await import("./topics.js")).command }
];
export {
  COMMANDS
};
//# sourceMappingURL=commands.js.map
