import { ROOT_CONTEXT, SpanKind, trace } from "@opentelemetry/api";
import * as kit from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { samplerFromEnv } from "./sampler.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const sampled = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: TRACE_ID,
  spanId: "00f067aa0ba902b7",
  traceFlags: 1,
});
const notSampled = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: TRACE_ID,
  spanId: "00f067aa0ba902b7",
  traceFlags: 0,
});
const decide = (env: Record<string, string>, ctx: typeof ROOT_CONTEXT, name: string) =>
  samplerFromEnv(env, kit).shouldSample(ctx, TRACE_ID, name, SpanKind.INTERNAL, {}, []).decision;

describe("samplerFromEnv: OTEL_TRACES_SAMPLER, and no trace of a lone Prisma statement", () => {
  it("drops a Prisma span without a parent (a poll), keeps one inside a trace and every other root", () => {
    expect(decide({}, ROOT_CONTEXT, "prisma:client:operation")).toBe(kit.SamplingDecision.NOT_RECORD);
    expect(decide({}, sampled, "prisma:client:operation")).toBe(kit.SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({}, ROOT_CONTEXT, "POST")).toBe(kit.SamplingDecision.RECORD_AND_SAMPLED);
  });

  it("follows the parent's decision by default (parentbased_always_on)", () => {
    expect(decide({}, notSampled, "prisma:client:db_query")).toBe(kit.SamplingDecision.NOT_RECORD);
    expect(decide({}, notSampled, "pin.crm.booking-created.v1 process")).toBe(
      kit.SamplingDecision.NOT_RECORD,
    );
  });

  it.each([
    ["always_off", ROOT_CONTEXT, kit.SamplingDecision.NOT_RECORD],
    ["always_on", notSampled, kit.SamplingDecision.RECORD_AND_SAMPLED],
    ["parentbased_always_off", ROOT_CONTEXT, kit.SamplingDecision.NOT_RECORD],
    ["parentbased_always_off", sampled, kit.SamplingDecision.RECORD_AND_SAMPLED],
  ] as const)("OTEL_TRACES_SAMPLER=%s", (sampler, ctx, decision) => {
    expect(decide({ OTEL_TRACES_SAMPLER: sampler }, ctx, "POST")).toBe(decision);
  });

  it("takes the ratio of OTEL_TRACES_SAMPLER_ARG (0 samples nothing, 1 everything)", () => {
    const env = (arg: string) => ({
      OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
      OTEL_TRACES_SAMPLER_ARG: arg,
    });
    expect(decide(env("0"), ROOT_CONTEXT, "POST")).toBe(kit.SamplingDecision.NOT_RECORD);
    expect(decide(env("1"), ROOT_CONTEXT, "POST")).toBe(kit.SamplingDecision.RECORD_AND_SAMPLED);
    expect(String(samplerFromEnv(env("0.25"), kit))).toContain("0.25");
  });
});
