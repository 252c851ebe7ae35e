import { trace } from "@opentelemetry/api";
import { getOperationAST, Kind } from "graphql";
import { inChildSpan, markFailed } from "../platform/tracing/tracing.js";
import { operationLabels } from "./security/operation-label.js";
const OPERATION_SPAN = () => "graphql.execute";
const INTERNAL = () => ({ kind: "internal" });
const SPAN_OPERATION_NAME_MAX = 100;
function operationSpanShape(known, document, operationName) {
  const operation = getOperationAST(document, operationName ?? void 0);
  const type = operation?.operation ?? "query";
  const rootFields = [
    ...new Set(
      (operation?.selectionSet.selections ?? []).flatMap(
        (s) => s.kind === Kind.FIELD ? [s.name.value] : []
      )
    )
  ];
  const clientName = operationName ?? operation?.name?.value;
  const label = clientName ? operationLabels(known, document, operationName).operation : rootFields[0] ?? "none";
  return {
    name: `${type} ${label}`,
    attributes: {
      "graphql.operation.type": type,
      ...clientName ? { "graphql.operation.name": clientName.slice(0, SPAN_OPERATION_NAME_MAX) } : {},
      "pin.graphql.root_fields": rootFields
    }
  };
}
function useOperationSpans(known = /* @__PURE__ */ new Set()) {
  const spans = /* @__PURE__ */ new WeakMap();
  return {
    instrumentation: {
      execute({ context }, wrapped) {
        return inChildSpan(OPERATION_SPAN, INTERNAL, async () => {
          const span = trace.getActiveSpan();
          if (span) spans.set(context, span);
          await wrapped();
        });
      }
    },
    onExecute({ args }) {
      const span = typeof args.contextValue === "object" && args.contextValue ? spans.get(args.contextValue) : void 0;
      if (!span) return;
      const shape = operationSpanShape(known, args.document, args.operationName);
      span.updateName(shape.name);
      span.setAttributes(shape.attributes);
      return {
        onExecuteDone({ result }) {
          if (typeof result === "object" && result !== null && "errors" in result && Array.isArray(result.errors))
            markFailed(span, `${result.errors.length} GraphQL error(s)`);
        }
      };
    }
  };
}
export {
  SPAN_OPERATION_NAME_MAX,
  operationSpanShape,
  useOperationSpans
};
//# sourceMappingURL=operation-span.js.map
