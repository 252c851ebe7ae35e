import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import type { SaleState } from "../status/property-object-status.js";
import { decideSaleStateChange } from "./property-object.decide.js";
import { type BuildingStatuses, enqueueStatusChanged } from "./property-object.events.js";
import { type PropertyObjectRow, saleStateColumns } from "./property-object.row.js";

/**
 * Applies a decided sale state to a locked row: no write when nothing changes. A moved status bumps
 * the version (the staff grid sees it); property-object-status-changed is published in the same
 * transaction when the *published* status moves (ASM-1: the building's status counts, so a
 * building's own transition moves it too, and a change inside a building that is not on sale —
 * Hidden before and after — publishes nothing).
 */
export async function applySaleState(
  tx: Tx,
  clock: Clock,
  row: PropertyObjectRow,
  next: SaleState,
  source: "Manual" | "BuildingCascade",
  building: BuildingStatuses,
): Promise<PropertyObjectRow> {
  const { changed, statusMoved, publishedMoved } = decideSaleStateChange(row, next, building);
  if (!changed && !publishedMoved) return row;
  const now = clock.now();
  const after = await tx.chessboardPropertyObject.update({
    where: { id: row.id },
    data: {
      ...saleStateColumns(next),
      ...(statusMoved || publishedMoved ? { version: { increment: 1 }, statusChangedAt: now } : {}),
      updatedAt: now,
    },
  });
  if (publishedMoved) await enqueueStatusChanged(tx, clock, row, after, source, {}, building);
  return after;
}
