import { defineConfig } from "vitest/config";

// The image tier (docs/guide/deployment.md, the CI phase "image"): `npm run image:test`, after
// `npm run image:build` has built the image (PIN_IMAGE, default pin-backend:test) with podman.
// Runs the image's entry point from its mounted filesystem against the test services; root only
// (podman mount, chroot, namespaces). Not part of `npm test`. Same global setup and per-file
// isolation as the integration tier.
export default defineConfig({
  test: {
    name: "image",
    include: ["test/image/**/*.image.test.ts"],
    environment: "node",
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/isolation-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
  },
});
