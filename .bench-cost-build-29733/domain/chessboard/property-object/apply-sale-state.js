import { decideSaleStateChange } from "./property-object.decide.js";
import { enqueueStatusChanged } from "./property-object.events.js";
import { saleStateColumns } from "./property-object.row.js";
async function applySaleState(tx, clock, row, next, source, building) {
  const { changed, statusMoved, publishedMoved } = decideSaleStateChange(row, next, building);
  if (!changed && !publishedMoved) return row;
  const now = clock.now();
  const after = await tx.chessboardPropertyObject.update({
    where: { id: row.id },
    data: {
      ...saleStateColumns(next),
      ...statusMoved || publishedMoved ? { version: { increment: 1 }, statusChangedAt: now } : {},
      updatedAt: now
    }
  });
  if (publishedMoved) await enqueueStatusChanged(tx, clock, row, after, source, {}, building);
  return after;
}
export {
  applySaleState
};
//# sourceMappingURL=apply-sale-state.js.map
