import { trace } from "@opentelemetry/api";
function samplerFromEnv(env, kit) {
  const arg = Number(env.OTEL_TRACES_SAMPLER_ARG);
  const ratio = Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1;
  const parentBased = (root) => new kit.ParentBasedSampler({ root });
  const configured = (() => {
    switch ((env.OTEL_TRACES_SAMPLER ?? "").trim().toLowerCase()) {
      case "always_on":
        return new kit.AlwaysOnSampler();
      case "always_off":
        return new kit.AlwaysOffSampler();
      case "traceidratio":
        return new kit.TraceIdRatioBasedSampler(ratio);
      case "parentbased_always_off":
        return parentBased(new kit.AlwaysOffSampler());
      case "parentbased_traceidratio":
        return parentBased(new kit.TraceIdRatioBasedSampler(ratio));
      default:
        return parentBased(new kit.AlwaysOnSampler());
    }
  })();
  return {
    shouldSample(context, traceId, spanName, spanKind, attributes, links) {
      if (spanName.startsWith("prisma:") && !trace.getSpanContext(context))
        return { decision: kit.SamplingDecision.NOT_RECORD };
      return configured.shouldSample(context, traceId, spanName, spanKind, attributes, links);
    },
    toString: () => `PrismaOnlyInsideTraces{${configured.toString()}}`
  };
}
export {
  samplerFromEnv
};
//# sourceMappingURL=sampler.js.map
