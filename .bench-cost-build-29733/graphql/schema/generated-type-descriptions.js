function withGeneratedTypeDescriptions(schema) {
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) describeFieldTypes(schema, root.name, field);
  }
  describePageInfo(schema.getType("PageInfo"));
  return schema;
}
function describeFieldTypes(schema, parent, field) {
  const prefix = `${parent}${field.name[0]?.toUpperCase() ?? ""}${field.name.slice(1)}`;
  const path = `\`${parent}.${field.name}\``;
  describe(
    schema.getType(`${prefix}Result`),
    `Outcome of ${path}: \`${prefix}Success\` when it worked, else one of the typed errors implementing \`Error\` (read \`code\`).`
  );
  const success = schema.getType(`${prefix}Success`);
  describe(success, `What ${path} returns when it worked; the value is in \`data\`.`);
  describeFields(success, { data: `The value ${path} returns.` });
  const connection = schema.getType(`${prefix}Connection`);
  describe(
    connection,
    `One page of ${path} (Relay cursor connection): \`edges\` in order, then \`pageInfo\`.`
  );
  describeFields(connection, {
    edges: "The items of this page, in the field's order; empty when nothing matches.",
    pageInfo: "Cursors of this page's ends and whether more pages exist."
  });
  if (connection) describeArgs(field, CONNECTION_ARGS);
  const edge = schema.getType(`${prefix}ConnectionEdge`);
  describe(edge, `One item of a ${path} page and its cursor.`);
  describeFields(edge, {
    cursor: "Opaque cursor of this item: pass it as `after` (or `before`) to page from here.",
    node: "The item."
  });
}
const CONNECTION_ARGS = {
  first: "Page forward: at most this many items after `after` (bounded by the server's page size).",
  after: "Page forward from this cursor (an edge's `cursor` or `pageInfo.endCursor`); omit for the start.",
  last: "Page backward: at most this many items before `before`.",
  before: "Page backward from this cursor (`pageInfo.startCursor`); omit for the end."
};
function describeArgs(field, descriptions) {
  for (const arg of field.args) {
    const description = descriptions[arg.name];
    if (description && !arg.description) arg.description = description;
  }
}
function describePageInfo(type) {
  describe(type, "Where a connection page sits in the whole list (Relay cursor pagination).");
  describeFields(type, {
    endCursor: "Cursor of the page's last item; null when the page is empty.",
    hasNextPage: "True when more items follow this page (when paging forward with `first`).",
    hasPreviousPage: "True when items precede this page (when paging backward with `last`).",
    startCursor: "Cursor of the page's first item; null when the page is empty."
  });
}
function describe(type, description) {
  if (type && !type.description) Object.assign(type, { description });
}
function describeFields(type, descriptions) {
  if (!type || !("getFields" in type)) return;
  const fields = type.getFields();
  for (const [name, description] of Object.entries(descriptions)) {
    const field = fields[name];
    if (field && !field.description) field.description = description;
  }
}
export {
  withGeneratedTypeDescriptions
};
//# sourceMappingURL=generated-type-descriptions.js.map
