import type { App } from "./app.js";
import type { Settings } from "./platform/config/settings.js";
import { otelTracingWanted } from "./platform/tracing/otel-env.js";
import type { OtelSdk } from "./platform/tracing/otel-sdk.js";

/**
 * OpenTelemetry first (decision 0450): when the standard OTEL_* variables ask for traces, the SDK
 * starts before any other module of ours (or of our dependencies) is loaded, so its
 * instrumentations see them load; the SDK packages are never imported otherwise. Everything else
 * main needs is imported after it, dynamically.
 */
const otel: OtelSdk | null = otelTracingWanted(process.env) ? await startTracing() : null;
const { ConfigError, loadSettings } = await import("./platform/config/settings.js");
const { isKafkaClientFault } = await import("./platform/events/client-fault.js");
const { silenceNegativeTimeoutWarnings } = await import("./platform/startup/node-warnings.js");
const { prettyLogs } = await import("./platform/log/logger.js");

/** The development banner: where GraphiQL, the demo tokens, health and metrics are. */
function printBanner(app: App): void {
  const base = app.url?.replace(/\/graphql$/, "") ?? "";
  console.log(`\n  PIN is ready: GraphiQL at ${app.url}`);
  if (app.devTokens) {
    console.log(
      `  Demo tokens: ${base}/dev/token?role=agent (investor, pin_manager, developer_manager, admin)`,
    );
  }
  console.log(`  Metrics: ${app.metricsUrl}   Health: ${base}/healthz   Ready: ${base}/readyz\n`);
}

/** Traces are not worth a failed start: an SDK that cannot start is one line on stderr. */
async function startTracing(): Promise<OtelSdk | null> {
  try {
    return await (await import("./platform/tracing/otel-sdk.js")).startOtelSdk(process.env);
  } catch (error) {
    console.error(
      JSON.stringify({ level: 40, msg: "OpenTelemetry SDK not started: tracing off", err: String(error) }),
    );
    return null;
  }
}

/** Entry point of `npm start`. The only place that touches process.exit. */
async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  // A stray rejection of the Kafka client (a timer of a consumer already replaced) is logged, never
  // fatal: every Kafka part restarts itself (issue #21). Anything else still ends the process.
  process.on("unhandledRejection", (reason) => {
    if (!isKafkaClientFault(reason)) throw reason;
    console.error(
      JSON.stringify({ level: 50, msg: "unhandled Kafka client rejection ignored", err: String(reason) }),
    );
  });
  // The same for an exception a Kafka client throws from a socket or timer callback; anything else
  // (a non-Kafka rejection re-thrown above included) ends the process as Node would.
  process.on("uncaughtException", (error, origin) => {
    // A client's own throw (decision 0521) included: its send or fetch never settles, and the
    // relay's publish deadline and the consumers' supervisors replace the client.
    if (isKafkaClientFault(error)) {
      console.error(
        JSON.stringify({
          level: 50,
          msg: "uncaught Kafka client error ignored",
          origin,
          err: String(error),
          stack: error.stack?.split("\n").slice(0, 6).join("\n"),
        }),
      );
      return;
    }
    console.error("PIN stopped on an uncaught error:", error);
    process.exit(1);
  });
  silenceNegativeTimeoutWarnings();
  // The composition (every context, GraphQL, the clients) loads only once the settings are valid:
  // a configuration error is reported at once.
  const { startApp } = await import("./app.js");
  const app = await startApp(settings);
  if (otel) app.log.info(otel.describe, "OpenTelemetry tracing on");
  // Production logs are JSON only: the "PIN is ready" line carries the URLs. A human-readable log
  // (development) gets the banner too.
  if (app.url && prettyLogs(settings) && settings.nodeEnv !== "production") printBanner(app);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    // The exporter is flushed last: the spans of the stop itself (the last batches) go out too.
    const flushTraces = async () => {
      if (!otel) return;
      const { flushed, ms } = await otel.shutdown();
      if (flushed) app.log.info({ ms }, "OpenTelemetry spans flushed");
      else app.log.warn({ ms }, "OpenTelemetry spans not flushed: the exporter did not answer in time");
    };
    app.stop().then(
      () => flushTraces().then(() => process.exit(0)),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        flushTraces().then(() => process.exit(1));
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  // A setting that can never work (unknown broker host, refused credentials): one line naming it.
  if (error instanceof ConfigError) {
    console.error(`PIN failed to start: configuration error: ${error.message}`);
    process.exit(2);
  }
  console.error("PIN failed to start:", error);
  process.exit(1);
});
