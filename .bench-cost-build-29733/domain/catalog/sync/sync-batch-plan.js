function planSyncBatch(items) {
  const steps = [];
  let segment = [];
  items.forEach((item, index) => {
    if (item.kind !== "other") {
      segment.push(index);
      return;
    }
    steps.push(...planSegment(items, segment), { kind: "one", index });
    segment = [];
  });
  steps.push(...planSegment(items, segment));
  return steps;
}
function planSegment(items, segment) {
  const runsByLot = /* @__PURE__ */ new Map();
  for (const index of segment) {
    const item = items[index];
    const kind = item.kind === "lot-change" ? "lot-changes" : "lot-upserts";
    let runs = runsByLot.get(item.lotId);
    if (!runs) {
      runs = [];
      runsByLot.set(item.lotId, runs);
    }
    const last = runs[runs.length - 1];
    if (last && kind === "lot-changes" && last.kind === "lot-changes") last.indexes.push(index);
    else runs.push({ kind, indexes: [index] });
  }
  const rounds = [];
  for (const runs of runsByLot.values()) {
    for (const [k, run] of runs.entries()) {
      let round = rounds[k];
      if (!round) {
        round = { "lot-changes": [], "lot-upserts": [] };
        rounds.push(round);
      }
      round[run.kind].push(...run.indexes);
    }
  }
  return rounds.flatMap((round) => {
    const groups = ["lot-upserts", "lot-changes"].map((kind) => ({ kind, indexes: round[kind].sort((a, b) => a - b) })).filter((g) => g.indexes.length > 0);
    return groups.sort((a, b) => a.indexes[0] - b.indexes[0]);
  });
}
export {
  planSyncBatch
};
//# sourceMappingURL=sync-batch-plan.js.map
