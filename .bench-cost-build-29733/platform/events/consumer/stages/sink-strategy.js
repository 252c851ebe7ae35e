function sinkStrategyOf(def, scopeKind) {
  const pipelined = def.ordering?.batchFlow === "pipelined";
  if (pipelined && scopeKind !== "sink")
    throw new Error(`consumer ${def.group}: batchFlow "pipelined" needs a sink scope`);
  return { keyOrderKept: def.ordering?.keyOrder !== "irrelevant", batchDepth: pipelined ? 2 : 1 };
}
export {
  sinkStrategyOf
};
//# sourceMappingURL=sink-strategy.js.map
