import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Two tiers (docs/testing.md):
//  - `npm test`: unit (`*.unit.test.ts` next to the code, pure logic, no I/O) and integration
//    (`test/**/*.int.test.ts`, `*.e2e.test.ts`) against real PostgreSQL, Kafka, ClickHouse and the
//    real HTTP/WebSocket server. Services come from TEST_* variables (written by `npm run infra:up`
//    to .infra/services.env), else are skipped loudly — never under CI=true.
//  - `npm run test:faults` (vitest.faults.config.ts): the files below. CI runs both tiers.
//
// Every file has its own databases and its own Kafka namespace (topics and consumer groups,
// test/support/isolation.ts, decision 0410), so two runs on one broker never meet; integration
// files in parallel are opt-in (TEST_WORKERS=2, decision 0412).

/**
 * Files of the faults tier (`npm run test:faults`, the CI step "faults"), not part of `npm test`:
 * processes killed with SIGKILL, services stopped under load, the 3-node cluster, the fuzzers at
 * CI size. They start their own brokers and role processes and are minutes each.
 */
export const FAULTS_TIER = [
  "test/integration/faults/kafka-cluster-faults.int.test.ts",
  "test/integration/faults/kafka-mode-faults.int.test.ts",
  "test/integration/faults/startup-order.int.test.ts",
  "test/integration/faults/rig-cleanup.int.test.ts",
  "test/integration/events/crash-recovery.int.test.ts",
  "test/integration/ops/consumer-fuzz.int.test.ts",
  "test/integration/ops/mutation-fuzz.e2e.test.ts",
];

/** Unit test files at once: TEST_WORKERS, else the machine's cores (decision 0411). */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());

/**
 * Integration files one at a time unless TEST_WORKERS > 1 asks for more (decision 0412): files are
 * isolated (0410), but the local event log delivers only below the PostgreSQL cluster's oldest
 * running transaction, so one file's long transaction (a parked retry's row lock, a slow careful
 * pass) stalls another file's local-log delivery on the same PostgreSQL — seen as 120 s timeouts
 * of deal-chat, property-object-replica and notifications in parallel runs.
 */
export const INTEGRATION_PARALLEL = Number(process.env.TEST_WORKERS) > 1;

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.unit.test.ts", "test/**/*.unit.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/**/*.int.test.ts", "test/**/*.e2e.test.ts"],
          exclude: [...FAULTS_TIER, "**/node_modules/**"],
          environment: "node",
          globalSetup: ["test/support/global-setup.ts"],
          // Before each file: its own Kafka namespace (PIN_KAFKA_NAMESPACE).
          setupFiles: ["test/support/isolation-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: "forks",
          fileParallelism: INTEGRATION_PARALLEL,
        },
      },
    ],
  },
});
