// `node --import ./test/support/report-otel-loads.mjs …`: prints one stderr line per resolution of an
// OpenTelemetry SDK package (the SDK, an exporter, an instrumentation), so a test can tell whether a
// process loaded any of them (decision 0450: never with tracing off). Resolution hooks see both
// import and require.
import { registerHooks } from "node:module";

const SDK = /^(@opentelemetry\/(sdk-|exporter-|instrumentation)|@prisma\/instrumentation)/;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (SDK.test(specifier)) process.stderr.write(`[otel-sdk-loaded] ${specifier}\n`);
    return nextResolve(specifier, context);
  },
});
