import { defineConfig } from "vitest/config";

// Two tiers by suffix (see docs/testing.md):
//  - unit: `*.unit.test.ts` next to the code, pure logic, no I/O;
//  - integration: `test/**/*.int.test.ts` and `*.e2e.test.ts` against real PostgreSQL, Kafka,
//    ClickHouse and the real HTTP/WebSocket server. Services come from TEST_* variables (written
//    by `npm run infra:up` to .infra/services.env), else are skipped loudly — never under CI=true.
/** Files of the faults tier (`npm run test:faults`, its own CI step), not part of `npm test`. */
export const FAULTS_TIER = ["test/integration/faults/kafka-cluster-faults.int.test.ts"];

export default defineConfig({
  test: {
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
          // The cluster fault test is its own tier: `npm run test:faults` (vitest.faults.config.ts).
          exclude: [...FAULTS_TIER, "**/node_modules/**"],
          environment: "node",
          globalSetup: ["test/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
