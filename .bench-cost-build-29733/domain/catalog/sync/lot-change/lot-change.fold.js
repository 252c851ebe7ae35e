import { toHundredths } from "../../vocabulary/numbers.js";
import { decidePriceChange, decideStatusChange } from "./lot-change.decide.js";
const positive = (price) => {
  const hundredths = price === null ? null : toHundredths(price);
  return hundredths !== null && hundredths > 0n;
};
function foldLotChanges(changes, states) {
  const folding = /* @__PURE__ */ new Map();
  const outcomes = [];
  changes.forEach((change, index) => {
    const id = change.payload.PropertyObjectId;
    let lot = folding.get(id);
    if (!lot) {
      const state = states.get(id);
      if (state) {
        lot = {
          card: state.card,
          objectStatus: state.objectStatus,
          sourcePrice: state.sourcePrice,
          write: null
        };
        folding.set(id, lot);
      }
    }
    const card = lot?.card ?? null;
    const decision = change.kind === "status" ? decideStatusChange(change.payload, card) : decidePriceChange(change.payload, card);
    if (decision.kind === "stale") {
      outcomes.push({ kind: "stale", chessboardVersion: card?.chessboardVersion ?? 0 });
      return;
    }
    if (decision.kind === "delisted") {
      outcomes.push({ kind: "delisted" });
      return;
    }
    const f = lot;
    const c = decision.change;
    const status = "status" in c ? c.status : null;
    const price = "price" in c ? c.price : null;
    outcomes.push({
      kind: "applied",
      warnings: decision.warnings,
      chessboardVersion: f.card.chessboardVersion,
      status,
      price
    });
    if (status !== null) f.objectStatus = status;
    if (price !== null) f.sourcePrice = price;
    const projectStatus = states.get(id)?.projectStatus ?? null;
    f.card = {
      ...f.card,
      chessboardVersion: c.version,
      status: projectStatus === "Delisted" ? "Delisted" : f.card.status
    };
    const w = f.write ?? {
      status: null,
      price: null,
      version: c.version,
      eventTime: change.eventTime,
      visibleAt: null,
      visibleWithOverrideAt: null,
      statusApplied: false,
      indexes: []
    };
    if (status !== null) w.status = status;
    if (price !== null) w.price = price;
    w.version = c.version;
    w.eventTime = change.eventTime;
    w.statusApplied ||= status !== null;
    w.indexes.push(index);
    if (f.objectStatus !== "Hidden") {
      w.visibleWithOverrideAt ??= change.eventTime;
      if (positive(f.sourcePrice)) w.visibleAt ??= change.eventTime;
    }
    f.write = w;
  });
  const writes = [];
  for (const [id, f] of folding) {
    if (!f.write) continue;
    const start = states.get(id);
    writes.push({
      id,
      projectId: start.card.projectId,
      expectedRowVersion: start.card.rowVersion,
      ...f.write
    });
  }
  return { outcomes, writes };
}
export {
  foldLotChanges
};
//# sourceMappingURL=lot-change.fold.js.map
