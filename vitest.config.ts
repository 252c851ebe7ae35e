import { defineConfig } from "vitest/config";

// Two tiers by suffix (see docs/testing.md):
//  - unit: `*.unit.test.ts` next to the code, pure logic, no I/O;
//  - integration: `test/**/*.int.test.ts` and `*.e2e.test.ts` against real PostgreSQL, Kafka,
//    ClickHouse and the real HTTP/WebSocket server. Services come from TEST_* variables (written
//    by `npm run infra:up` to .infra/services.env), else are skipped loudly — never under CI=true.
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
