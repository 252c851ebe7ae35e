/**
 * The OpenTelemetry Node SDK (decision 0450), loaded by main.ts with a dynamic import only when
 * `otelTracingWanted(process.env)` — before the app's modules, so the HTTP instrumentation patches
 * `node:http` before the server is built. Everything else comes from the standard variables the
 * SDK reads itself: OTEL_EXPORTER_OTLP_ENDPOINT / _TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL
 * (http/protobuf by default, http/json, grpc), OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_BSP_*, OTEL_PROPAGATORS (W3C tracecontext + baggage by default);
 * OTEL_TRACES_SAMPLER(_ARG) through `samplerFromEnv` (sampler.ts: no trace of a lone Prisma statement).
 * Traces only: metrics stay Prometheus (/metrics) and logs pino, unless OTEL_METRICS_EXPORTER /
 * OTEL_LOGS_EXPORTER are set explicitly.
 * The SDK packages are imported here and nowhere else, each with a dynamic import: with tracing
 * off (this module never loaded) none of them is.
 */
import { createRequire } from "node:module";

const DEFAULT_SERVICE_NAME = "pin-backend";
/** ms: shutdown flushes the last spans; a collector that does not answer must not hold the exit */
const FLUSH_TIMEOUT_MS = 5_000;
/** Probes and scrapes: no trace each */
const UNTRACED_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

export interface OtelSdk {
  /** where spans go and as whom, for the start log line */
  readonly describe: { readonly endpoint: string; readonly protocol: string; readonly serviceName: string };
  /** Flushes the batch processor and stops exporting; resolves within FLUSH_TIMEOUT_MS whatever happens */
  shutdown(): Promise<{ flushed: boolean; ms: number }>;
}

export async function startOtelSdk(env: Readonly<Record<string, string | undefined>>): Promise<OtelSdk> {
  const [{ NodeSDK }, { HttpInstrumentation }, { PrismaInstrumentation }, sdkTrace, { samplerFromEnv }] =
    await Promise.all([
      import("@opentelemetry/sdk-node"),
      import("@opentelemetry/instrumentation-http"),
      import("@prisma/instrumentation"),
      import("@opentelemetry/sdk-trace"),
      import("./sampler.js"),
    ]);
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME;
  const sdk = new NodeSDK({
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName }),
    ...(env.OTEL_METRICS_EXPORTER ? {} : { metricReaders: [] }),
    ...(env.OTEL_LOGS_EXPORTER ? {} : { logRecordProcessors: [] }),
    // OTEL_TRACES_SAMPLER as the SDK reads it, but no trace of a lone Prisma statement (a poll).
    sampler: samplerFromEnv(env, sdkTrace),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? "").split("?")[0] ?? ""),
        // Outgoing calls (ClickHouse over HTTP, JWKS, rewards) only inside a trace, never as roots.
        requireParentforOutgoingSpans: true,
      }),
      // Prisma's own spans: prisma:client:operation and one per statement (prisma:client:db_query).
      new PrismaInstrumentation(),
    ],
  });
  sdk.start();
  // The HTTP instrumentation patches node:http when it is required after start; the app imports it
  // as ESM, so require it once here (the patch is on the shared module, ESM importers see it).
  createRequire(import.meta.url)("node:http");
  return {
    describe: {
      endpoint:
        env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
        env.OTEL_EXPORTER_OTLP_ENDPOINT ??
        "http://localhost:4318 (default)",
      protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
      serviceName,
    },
    async shutdown() {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const flushed = await Promise.race([
        sdk.shutdown().then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), FLUSH_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      return { flushed, ms: Math.round(performance.now() - started) };
    },
  };
}
