import { defineConfig } from "vitest/config";
import { FAULTS_TIER } from "./vitest.config.js";

// The faults tier (docs/engineering/testing.md, docs/engineering/faults.md): `npm run test:faults`, the CI step "faults".
// Every file of FAULTS_TIER: SIGKILLs and outages in Kafka mode, the startup order, the rig's
// cleanup, a consumer killed mid-batch, the fuzzers at CI size, and the 3-node Kafka cluster test.
// One file at a time: each starts its own brokers and role processes. Same global setup and
// per-file isolation as the integration tier.
export default defineConfig({
  test: {
    name: "faults",
    include: FAULTS_TIER,
    environment: "node",
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/isolation-setup.ts"],
    testTimeout: 900_000,
    hookTimeout: 900_000,
    pool: "forks",
    fileParallelism: false,
  },
});
