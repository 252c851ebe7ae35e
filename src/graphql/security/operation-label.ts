import { type DocumentNode, getOperationAST, Kind } from "graphql";

/**
 * Metric labels of a GraphQL operation, never a client-chosen string (issue #13 item 2):
 * `operation` is the operation name when it is one of our clients' known names, else "other";
 * `field` is the first root field, which exists in the schema because the document was validated.
 */
export function operationLabels(
  known: ReadonlySet<string>,
  document: DocumentNode,
  operationName: string | null | undefined,
): { operation: string; field: string } {
  const operation = getOperationAST(document, operationName ?? undefined);
  const name = operationName ?? operation?.name?.value ?? null;
  const first = operation?.selectionSet.selections[0];
  const field = first?.kind === Kind.FIELD ? first.name.value : first ? "fragment" : "none";
  return { operation: name !== null && known.has(name) ? name : "other", field };
}
