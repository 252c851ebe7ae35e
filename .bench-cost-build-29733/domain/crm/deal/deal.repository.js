import { dealFromRow } from "../booking/booking.rows.js";
import { versionedUpdate } from "../command/versioned-columns.js";
import { crmErrors } from "../crm.errors.js";
import { DEAL_TABLE } from "./deal.columns.js";
async function findDeal(tx, id) {
  const row = await tx.crmDeal.findUnique({ where: { id } });
  return row ? dealFromRow(row) : null;
}
async function insertDeal(tx, d) {
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
      version: d.version
    }
  });
}
async function updateDealVersioned(tx, previousVersion, next, now) {
  const count = await tx.$executeRaw(dealVersionedUpdate(previousVersion, next, now));
  if (count === 0) throw crmErrors.concurrent("Deal", next.id);
}
function dealVersionedUpdate(previousVersion, next, now) {
  return versionedUpdate(DEAL_TABLE, previousVersion, next, now);
}
export {
  dealVersionedUpdate,
  findDeal,
  insertDeal,
  updateDealVersioned
};
//# sourceMappingURL=deal.repository.js.map
