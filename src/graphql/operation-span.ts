import { type Span, trace } from "@opentelemetry/api";
import { type ExecutionArgs, getOperationAST, Kind } from "graphql";
import type { Plugin } from "graphql-yoga";
import { inChildSpan, markFailed } from "../platform/tracing/tracing.js";

/**
 * A span per GraphQL operation (decision 0450), active while it executes, so the resolvers'
 * Prisma statements and the outbox rows they write (their `traceparent`) are its children. Named
 * `<type> <name>` — `mutation CreateBooking`, or the root fields of an anonymous operation
 * (`mutation createBooking`). Only under a recording span (the HTTP request's, from the SDK's
 * HTTP instrumentation): with tracing off this is one context lookup per operation.
 */
const OPERATION_SPAN = () => "graphql.execute";
const INTERNAL = () => ({ kind: "internal" }) as const;

export function useOperationSpans(): Plugin {
  const spans = new WeakMap<object, Span>();
  return {
    instrumentation: {
      execute({ context }, wrapped) {
        return inChildSpan(OPERATION_SPAN, INTERNAL, async () => {
          const span = trace.getActiveSpan();
          if (span) spans.set(context, span);
          await wrapped();
        });
      },
    },
    onExecute({ args }: { args: ExecutionArgs }) {
      const span =
        typeof args.contextValue === "object" && args.contextValue ? spans.get(args.contextValue) : undefined;
      if (!span) return;
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? "query";
      const rootFields = (operation?.selectionSet.selections ?? []).flatMap((s) =>
        s.kind === Kind.FIELD ? [s.name.value] : [],
      );
      const name = operation?.name?.value ?? rootFields.join(",");
      span.updateName(`${type} ${name}`.trim());
      span.setAttributes({
        "graphql.operation.type": type,
        ...(operation?.name ? { "graphql.operation.name": operation.name.value } : {}),
        "pin.graphql.root_fields": rootFields,
      });
      return {
        onExecuteDone({ result }: { result: unknown }) {
          if (
            typeof result === "object" &&
            result !== null &&
            "errors" in result &&
            Array.isArray(result.errors)
          )
            markFailed(span, `${result.errors.length} GraphQL error(s)`);
        },
      };
    },
  } as Plugin;
}
