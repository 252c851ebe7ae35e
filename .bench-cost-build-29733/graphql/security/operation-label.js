import { getOperationAST, Kind } from "graphql";
function operationLabels(known, document, operationName) {
  const operation = getOperationAST(document, operationName ?? void 0);
  const name = operationName ?? operation?.name?.value ?? null;
  const first = operation?.selectionSet.selections[0];
  const field = first?.kind === Kind.FIELD ? first.name.value : first ? "fragment" : "none";
  return { operation: name !== null && known.has(name) ? name : "other", field };
}
export {
  operationLabels
};
//# sourceMappingURL=operation-label.js.map
