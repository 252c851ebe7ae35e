import { type Span, trace } from "@opentelemetry/api";
import { type DocumentNode, type ExecutionArgs, getOperationAST, Kind } from "graphql";
import type { Plugin } from "graphql-yoga";
import { inChildSpan, markFailed } from "../platform/tracing/tracing.js";
import { operationLabels } from "./security/operation-label.js";

/**
 * A span per GraphQL operation (decision 0450), active while it executes, so the resolvers'
 * Prisma statements and the outbox rows they write (their `traceparent`) are its children. Named
 * `<type> <name>` — `mutation CreateBooking` when the name is one of our clients' known operation
 * names, else `<type> other` (issue #42 item 6: a client-chosen name is no span name, as it is no
 * metric label); the client's name, clipped, is the attribute `graphql.operation.name`. Only under a recording span (the HTTP request's, from the SDK's
 * HTTP instrumentation): with tracing off this is one context lookup per operation.
 */
const OPERATION_SPAN = () => "graphql.execute";
const INTERNAL = () => ({ kind: "internal" }) as const;

/** Characters of a client's operation name kept in the span's attribute. */
export const SPAN_OPERATION_NAME_MAX = 100;

/** The span's name and attributes: bounded whatever the client sends (issue #42 item 6). */
export function operationSpanShape(
  known: ReadonlySet<string>,
  document: DocumentNode,
  operationName: string | null | undefined,
): { name: string; attributes: Record<string, string | string[]> } {
  const operation = getOperationAST(document, operationName ?? undefined);
  const type = operation?.operation ?? "query";
  // root field names exist in the schema (the document was validated); each once
  const rootFields = [
    ...new Set(
      (operation?.selectionSet.selections ?? []).flatMap((s) =>
        s.kind === Kind.FIELD ? [s.name.value] : [],
      ),
    ),
  ];
  const clientName = operationName ?? operation?.name?.value;
  const label = clientName
    ? operationLabels(known, document, operationName).operation
    : (rootFields[0] ?? "none");
  return {
    name: `${type} ${label}`,
    attributes: {
      "graphql.operation.type": type,
      ...(clientName ? { "graphql.operation.name": clientName.slice(0, SPAN_OPERATION_NAME_MAX) } : {}),
      "pin.graphql.root_fields": rootFields,
    },
  };
}

export function useOperationSpans(known: ReadonlySet<string> = new Set()): Plugin {
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
      const shape = operationSpanShape(known, args.document, args.operationName);
      span.updateName(shape.name);
      span.setAttributes(shape.attributes);
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
