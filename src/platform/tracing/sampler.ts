import { type Context, trace } from "@opentelemetry/api";
import type * as SdkTrace from "@opentelemetry/sdk-trace";

/** The SDK's sampler classes, handed in by otel-sdk.ts (this module imports none of them itself). */
export type SamplerKit = Pick<
  typeof SdkTrace,
  | "AlwaysOnSampler"
  | "AlwaysOffSampler"
  | "TraceIdRatioBasedSampler"
  | "ParentBasedSampler"
  | "SamplingDecision"
>;

/**
 * The sampler `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` name (the specification's six
 * values; anything else, and the default, is `parentbased_always_on`), wrapped so that a Prisma
 * statement outside any trace is not recorded (decision 0450): the relay's and the local log's
 * polls, the workers' cycles and the pool's housekeeping would otherwise each make a one-span
 * trace, thousands a minute. Inside a trace Prisma's spans are sampled like their parent's.
 */
export function samplerFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  kit: SamplerKit,
): SdkTrace.Sampler {
  const arg = Number(env.OTEL_TRACES_SAMPLER_ARG);
  const ratio = Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1;
  const parentBased = (root: SdkTrace.Sampler) => new kit.ParentBasedSampler({ root });
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
    shouldSample(context: Context, traceId, spanName, spanKind, attributes, links) {
      if (spanName.startsWith("prisma:") && !trace.getSpanContext(context))
        return { decision: kit.SamplingDecision.NOT_RECORD };
      return configured.shouldSample(context, traceId, spanName, spanKind, attributes, links);
    },
    toString: () => `PrismaOnlyInsideTraces{${configured.toString()}}`,
  };
}
