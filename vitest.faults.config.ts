import { defineConfig } from "vitest/config";
import { FAULTS_TIER } from "./vitest.config.js";

// The faults tier (docs/testing.md, docs/faults.md): `npm run test:faults`, its own CI step.
// Today: the 3-node Kafka cluster test (coordinator and leader killed, a node stopped past the
// session timeout). Same global setup as the integration tier; its own services come from the rig.
export default defineConfig({
  test: {
    name: "faults",
    include: FAULTS_TIER,
    environment: "node",
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 900_000,
    hookTimeout: 900_000,
    pool: "forks",
    fileParallelism: false,
  },
});
