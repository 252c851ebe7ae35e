import { describe, expect, it } from "vitest";
import { otelTracingWanted } from "./otel-env.js";

describe("otelTracingWanted: the SDK only when the standard OTEL_* variables ask for it", () => {
  it.each([
    [{}, false],
    [{ OTEL_SERVICE_NAME: "pin" }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "  " }, false],
    [{ OTEL_TRACES_EXPORTER: "console" }, true],
    [{ OTEL_TRACES_EXPORTER: "otlp" }, true],
    [{ OTEL_TRACES_EXPORTER: "none", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }, false],
    [{ OTEL_SDK_DISABLED: "TRUE", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }, false],
    [{ OTEL_SDK_DISABLED: "false", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }, true],
  ])("%j → %s", (env, wanted) => {
    expect(otelTracingWanted(env)).toBe(wanted);
  });
});
