const STOREFRONT_WEIGHTS = {
  /** a page of lots by an indexed order */
  lots: 1,
  /** a page of lots ranked or filtered by full text */
  lotsWithQ: 3,
  /** sort DISTANCE: every lot in the radius is measured and sorted */
  lotsByDistance: 100,
  /** the 13 facets over every published lot */
  catalogFilters: 40,
  /** facets with q: the full-text match aggregated live */
  catalogFiltersWithQ: 60,
  /** clusters of a viewport at a low zoom (the geo index, a few cells) */
  lotClusters: 2,
  /** clusters at zoom ≥ CLUSTER_FINE_ZOOM or with q: every matching lot placed in its cell */
  lotClustersFine: 20,
  /** the light reads: a project card or a page of them, what search can do */
  light: 1
};
const CLUSTER_FINE_ZOOM = 15;
const LIGHT_FIELDS = /* @__PURE__ */ new Set(["projectCard", "projectCards", "catalogSearchInfo"]);
function storefrontCost(document, operationName, variables) {
  const operation = pickOperation(document, operationName);
  if (!operation || operation.operation !== "query") return { units: 0, fields: 0 };
  const vars = withDefaults(operation, variables ?? {});
  let units = 0;
  let fields = 0;
  for (const field of rootFields(document, operation.selectionSet, 0)) {
    const weight = fieldWeight(field, vars);
    if (weight === 0) continue;
    units += weight;
    fields += 1;
  }
  return { units, fields };
}
function fieldWeight(field, vars) {
  const name = field.name.value;
  if (LIGHT_FIELDS.has(name)) return STOREFRONT_WEIGHTS.light;
  if (name !== "lots" && name !== "catalogFilters" && name !== "lotClusters") return 0;
  const filter = asRecord(argument(field, "filter", vars));
  const hasQ = typeof filter?.q === "string" && filter.q.trim() !== "";
  if (name === "catalogFilters")
    return hasQ ? STOREFRONT_WEIGHTS.catalogFiltersWithQ : STOREFRONT_WEIGHTS.catalogFilters;
  if (name === "lotClusters") {
    const zoom = argument(field, "zoom", vars);
    const fine = hasQ || typeof zoom !== "number" || zoom >= CLUSTER_FINE_ZOOM;
    return fine ? STOREFRONT_WEIGHTS.lotClustersFine : STOREFRONT_WEIGHTS.lotClusters;
  }
  if (argument(field, "sort", vars) === "DISTANCE") return STOREFRONT_WEIGHTS.lotsByDistance;
  return hasQ ? STOREFRONT_WEIGHTS.lotsWithQ : STOREFRONT_WEIGHTS.lots;
}
function pickOperation(document, name) {
  const operations = document.definitions.filter(
    (d) => d.kind === "OperationDefinition"
  );
  if (name) return operations.find((o) => o.name?.value === name) ?? null;
  return operations.length === 1 ? operations[0] : null;
}
function rootFields(document, set, depth) {
  if (depth > 10) return [];
  return set.selections.flatMap((s) => {
    if (s.kind === "Field") return [s];
    if (s.kind === "InlineFragment") return rootFields(document, s.selectionSet, depth + 1);
    const fragment = document.definitions.find(
      (d) => d.kind === "FragmentDefinition" && d.name.value === s.name.value
    );
    return fragment?.kind === "FragmentDefinition" ? rootFields(document, fragment.selectionSet, depth + 1) : [];
  });
}
function withDefaults(operation, given) {
  const vars = { ...given };
  for (const d of operation.variableDefinitions ?? []) {
    const name = d.variable.name.value;
    if (vars[name] === void 0 && d.defaultValue) vars[name] = literalValue(d.defaultValue, {});
  }
  return vars;
}
function argument(field, name, vars) {
  const node = field.arguments?.find((a) => a.name.value === name);
  return node ? literalValue(node.value, vars) : void 0;
}
function literalValue(node, vars) {
  switch (node.kind) {
    case "Variable":
      return vars[node.name.value];
    case "IntValue":
    case "FloatValue":
      return Number(node.value);
    case "StringValue":
    case "EnumValue":
      return node.value;
    case "BooleanValue":
      return node.value;
    case "NullValue":
      return null;
    case "ListValue":
      return node.values.map((v) => literalValue(v, vars));
    case "ObjectValue":
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literalValue(f.value, vars)]));
  }
}
function asRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
}
export {
  CLUSTER_FINE_ZOOM,
  STOREFRONT_WEIGHTS,
  storefrontCost
};
//# sourceMappingURL=storefront-cost.js.map
