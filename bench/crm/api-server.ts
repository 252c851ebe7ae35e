// The API server of the crm bench in its own process (forked by bench/crm/index.ts), so the load
// generator does not share the server's one JavaScript thread. Reports its URL to the parent and
// stops on "stop".
import { startApp } from "../../src/app.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { BENCH_API_ENV } from "../support.js";

const url = process.env.BENCH_CRM_DATABASE_URL;
if (!url || !process.send) throw new Error("run by bench/crm/index.ts (fork with BENCH_CRM_DATABASE_URL)");
const settings = loadSettings({
  NODE_ENV: "development",
  PORT: "0",
  DATABASE_URL: url,
  PIN_ROLES: "api",
  PIN_SEED_DEMO: "false",
  LOG_LEVEL: "error",
  ...BENCH_API_ENV,
  // No ClickHouse: createBooking does not touch it, and two processes cannot share one embedded chdb.
  PIN_ANALYTICS: "off",
});
const app = await startApp(settings, {
  log: createLogger({ level: "error", pretty: false }),
  metrics: createMetricsRegistry(),
});
process.on("message", (message) => {
  if (message !== "stop") return;
  void app.stop().finally(() => process.exit(0));
});
process.send({ url: app.url });
