function otelTracingWanted(env) {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "").split(",").map((e) => e.trim().toLowerCase()).filter((e) => e !== "");
  if (exporters.length > 0 && exporters.every((e) => e === "none")) return false;
  const endpoint = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? "").trim();
  return endpoint !== "" || exporters.length > 0;
}
export {
  otelTracingWanted
};
//# sourceMappingURL=otel-env.js.map
