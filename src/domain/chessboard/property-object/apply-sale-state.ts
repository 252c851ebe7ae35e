import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import type { SaleState } from "../status/property-object-status.js";
import { decideSaleStateChange } from "./property-object.decide.js";
import { enqueueStatusChanged } from "./property-object.events.js";
import { type PropertyObjectRow, saleStateColumns } from "./property-object.row.js";

/**
 * Applies a decided sale state to a locked row: no write when nothing changes; a moved status bumps
 * the version and publishes property-object-status-changed in the same transaction.
 */
export async function applySaleState(
  tx: Tx,
  clock: Clock,
  row: PropertyObjectRow,
  next: SaleState,
  source: "Manual" | "BuildingCascade",
): Promise<PropertyObjectRow> {
  const { changed, statusMoved } = decideSaleStateChange(row, next);
  if (!changed) return row;
  const now = clock.now();
  const after = await tx.chessboardPropertyObject.update({
    where: { id: row.id },
    data: {
      ...saleStateColumns(next),
      ...(statusMoved ? { version: { increment: 1 }, statusChangedAt: now } : {}),
      updatedAt: now,
    },
  });
  if (statusMoved) await enqueueStatusChanged(tx, clock, row, after, source);
  return after;
}
