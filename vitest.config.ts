import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Two tiers (docs/engineering/testing.md):
//  - `npm test`: unit (`*.unit.test.ts` next to the code, pure logic, no I/O) and integration
//    (`test/**/*.int.test.ts`, `*.e2e.test.ts`) against real PostgreSQL, Kafka, ClickHouse and the
//    real HTTP/WebSocket server. Services come from TEST_* variables (written by `npm run infra:up`
//    to .infra/services.env), else are skipped loudly — never under CI=true.
//  - `npm run test:faults` (vitest.faults.config.ts): the files below. CI runs both tiers.
//
// Every file has its own databases and its own Kafka namespace (topics and consumer groups,
// test/support/isolation.ts, decision 0410), so two runs on one broker never meet; integration
// files run in parallel (decision 0470; INTEGRATION_PARALLEL=0 runs them one at a time).

/**
 * Files of the faults tier (`npm run test:faults`, the CI step "faults"), not part of `npm test`:
 * processes killed with SIGKILL, services stopped under load, the 3-node cluster, the fuzzers at
 * CI size. They start their own brokers and role processes and are minutes each.
 */
export const FAULTS_TIER = [
  "test/integration/faults/kafka-cluster-faults.int.test.ts",
  "test/integration/faults/topics-cluster.int.test.ts",
  "test/integration/faults/kafka-mode-faults.int.test.ts",
  "test/integration/faults/startup-order.int.test.ts",
  "test/integration/faults/rig-cleanup.int.test.ts",
  "test/integration/events/crash-recovery.int.test.ts",
  // its own SASL_SSL broker (20–70 s to start on a shared host), both Kafka clients in the file (decision 0546)
  "test/integration/events/kafka-security.int.test.ts",
  "test/integration/ops/consumer-fuzz.int.test.ts",
  "test/integration/ops/mutation-fuzz.e2e.test.ts",
];

/** Test files at once: TEST_WORKERS, else the machine's cores, at least 2 (decision 0411). */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());

/**
 * Integration files in parallel (TEST_WORKERS of them) unless INTEGRATION_PARALLEL=0 (or false) or
 * TEST_WORKERS=1. Files are isolated (0410) and the local event log's horizon is per database
 * (decision 0470), which removed 0412's reason for one at a time; the third full parallel run was
 * green (docs/engineering/testing.md "Sequential and parallel").
 */
export const INTEGRATION_PARALLEL =
  TEST_WORKERS > 1 && !/^(0|false|no|off)$/i.test(process.env.INTEGRATION_PARALLEL ?? "");

/**
 * Module reuse across files (decision 0532): a worker process runs its files one after another on
 * one module graph instead of a fresh process and graph per file. Importing the app's graph cost
 * ~205 s of worker time per run (≈ 4.7 s per app-booting file, 181 files); with reuse it is ~25 s.
 * Files own no module state: each builds its apps, clients and registries and the setup file gives
 * it a new Kafka namespace. TEST_ISOLATE=1 brings back one process per file (to rule a leak out).
 */
export const TEST_ISOLATE = /^(1|true|yes|on)$/i.test(process.env.TEST_ISOLATE ?? "");

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        test: {
          name: "unit",
          isolate: TEST_ISOLATE,
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
          isolate: TEST_ISOLATE,
          fileParallelism: INTEGRATION_PARALLEL,
        },
      },
    ],
  },
});
