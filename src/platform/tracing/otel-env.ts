/**
 * Whether the OpenTelemetry SDK is wanted, from the standard variables only (decision 0450): an
 * OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or a traces
 * exporter other than `none` (`OTEL_TRACES_EXPORTER=otlp|console`), and not
 * `OTEL_SDK_DISABLED=true`. `OTEL_SERVICE_NAME` and the rest only shape what an enabled SDK sends.
 * Imports nothing: main.ts asks this before it loads anything else.
 */
export function otelTracingWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== "");
  if (exporters.length > 0 && exporters.every((e) => e === "none")) return false;
  const endpoint = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? "").trim();
  return endpoint !== "" || exporters.length > 0;
}
