import { createRequire } from "node:module";
const DEFAULT_SERVICE_NAME = "pin-backend";
const FLUSH_TIMEOUT_MS = 5e3;
const UNTRACED_PATHS = /* @__PURE__ */ new Set(["/healthz", "/readyz", "/metrics"]);
async function startOtelSdk(env) {
  const [{ NodeSDK }, { HttpInstrumentation }, { PrismaInstrumentation }, sdkTrace, { samplerFromEnv }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/instrumentation-http"),
    import("@prisma/instrumentation"),
    import("@opentelemetry/sdk-trace"),
    import("./sampler.js")
  ]);
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME;
  const sdk = new NodeSDK({
    ...env.OTEL_SERVICE_NAME ? {} : { serviceName },
    ...env.OTEL_METRICS_EXPORTER ? {} : { metricReaders: [] },
    ...env.OTEL_LOGS_EXPORTER ? {} : { logRecordProcessors: [] },
    // OTEL_TRACES_SAMPLER as the SDK reads it, but no trace of a lone Prisma statement (a poll).
    sampler: samplerFromEnv(env, sdkTrace),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? "").split("?")[0] ?? ""),
        // Outgoing calls (ClickHouse over HTTP, JWKS, rewards) only inside a trace, never as roots.
        requireParentforOutgoingSpans: true
      }),
      // Prisma's own spans: prisma:client:operation and one per statement (prisma:client:db_query).
      new PrismaInstrumentation()
    ]
  });
  sdk.start();
  createRequire(import.meta.url)("node:http");
  return {
    describe: {
      endpoint: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT ?? "http://localhost:4318 (default)",
      protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
      serviceName
    },
    async shutdown() {
      const started = performance.now();
      let timer;
      const flushed = await Promise.race([
        sdk.shutdown().then(
          () => true,
          () => false
        ),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve(false), FLUSH_TIMEOUT_MS);
        })
      ]);
      clearTimeout(timer);
      return { flushed, ms: Math.round(performance.now() - started) };
    }
  };
}
export {
  startOtelSdk
};
//# sourceMappingURL=otel-sdk.js.map
