import { otelTracingWanted } from "./platform/tracing/otel-env.js";
const otel = otelTracingWanted(process.env) ? await startTracing() : null;
const { ConfigError, loadSettings } = await import("./platform/config/settings.js");
const { isKafkaClientFault } = await import("./platform/events/client-fault.js");
const { silenceNegativeTimeoutWarnings } = await import("./platform/startup/node-warnings.js");
const { prettyLogs } = await import("./platform/log/logger.js");
function printBanner(app) {
  const base = app.url?.replace(/\/graphql$/, "") ?? "";
  console.log(`
  PIN is ready: GraphiQL at ${app.url}`);
  if (app.devTokens) {
    console.log(
      `  Demo tokens: ${base}/dev/token?role=agent (investor, pin_manager, developer_manager, admin)`
    );
  }
  console.log(`  Metrics: ${app.metricsUrl}   Health: ${base}/healthz   Ready: ${base}/readyz
`);
}
async function startTracing() {
  try {
    return await (await import("./platform/tracing/otel-sdk.js")).startOtelSdk(process.env);
  } catch (error) {
    console.error(
      JSON.stringify({ level: 40, msg: "OpenTelemetry SDK not started: tracing off", err: String(error) })
    );
    return null;
  }
}
async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  process.on("unhandledRejection", (reason) => {
    if (!isKafkaClientFault(reason)) throw reason;
    console.error(
      JSON.stringify({ level: 50, msg: "unhandled Kafka client rejection ignored", err: String(reason) })
    );
  });
  process.on("uncaughtException", (error, origin) => {
    if (isKafkaClientFault(error)) {
      console.error(
        JSON.stringify({
          level: 50,
          msg: "uncaught Kafka client error ignored",
          origin,
          err: String(error),
          stack: error.stack?.split("\n").slice(0, 6).join("\n")
        })
      );
      return;
    }
    console.error("PIN stopped on an uncaught error:", error);
    process.exit(1);
  });
  silenceNegativeTimeoutWarnings();
  const { startApp } = await import("./app.js");
  const app = await startApp(settings);
  if (otel) app.log.info(otel.describe, "OpenTelemetry tracing on");
  if (app.url && prettyLogs(settings) && settings.nodeEnv !== "production") printBanner(app);
  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const flushTraces = async () => {
      if (!otel) return;
      const { flushed, ms } = await otel.shutdown();
      if (flushed) app.log.info({ ms }, "OpenTelemetry spans flushed");
      else app.log.warn({ ms }, "OpenTelemetry spans not flushed: the exporter did not answer in time");
    };
    app.stop().then(
      () => flushTraces().then(() => process.exit(0)),
      (error) => {
        app.log.error({ err: error }, "shutdown failed");
        flushTraces().then(() => process.exit(1));
      }
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`PIN failed to start: configuration error: ${error.message}`);
    process.exit(2);
  }
  console.error("PIN failed to start:", error);
  process.exit(1);
});
//# sourceMappingURL=main.js.map
