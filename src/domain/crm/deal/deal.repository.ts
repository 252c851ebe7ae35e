import type { Prisma } from "../../../generated/prisma/client.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { dealFromRow } from "../booking/booking.rows.js";
import { versionedUpdate } from "../command/versioned-columns.js";
import { crmErrors } from "../crm.errors.js";
import { DEAL_TABLE } from "./deal.columns.js";
import type { Deal } from "./deal.types.js";

/** The Deal aggregate's reads and writes. */
export async function findDeal(tx: Tx, id: string): Promise<Deal | null> {
  const row = await tx.crmDeal.findUnique({ where: { id } });
  return row ? dealFromRow(row) : null;
}

export async function insertDeal(tx: Tx, d: Deal): Promise<void> {
  await tx.crmDeal.create({
    data: {
      id: d.id,
      tenantId: d.tenantId,
      status: d.status,
      agentUserId: d.agentUserId,
      investorUserId: d.investorUserId,
      createdByUserId: d.createdByUserId,
      title: d.title,
      cancelReason: d.cancelReason,
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      version: d.version,
    },
  });
}

export async function updateDealVersioned(tx: Tx, previousVersion: number, next: Deal, now: Date) {
  const count = await tx.$executeRaw(dealVersionedUpdate(previousVersion, next, now));
  if (count === 0) throw crmErrors.concurrent("Deal", next.id);
}

/** The version-guarded deal UPDATE (DEAL_TABLE; RETURNING id), also the deal write (and the gate of a new booking) in `writeBookingDecision`. */
export function dealVersionedUpdate(previousVersion: number, next: Deal, now: Date): Prisma.Sql {
  return versionedUpdate(DEAL_TABLE, previousVersion, next, now);
}
