import { Prisma } from "../../../generated/prisma/client.js";
import { changeableSelect } from "../command/versioned-columns.js";
import { DEAL_STATUSES } from "../deal/deal.types.js";
import { BOOKING_TABLE } from "./booking.columns.js";
import {
  BOOKING_STATUSES
} from "./booking.types.js";
const INITIATORS = ["Agent", "Investor", "PinManager"];
const PAYMENT_STATUSES = ["None", "Uploaded", "Paid"];
function oneOf(values, raw, what) {
  if (values.includes(raw)) return raw;
  throw new Error(`Unexpected ${what} in the database: ${raw}`);
}
function bookingFromRow(row) {
  return {
    id: row.id,
    dealId: row.dealId,
    propertyObjectId: row.propertyObjectId,
    tenantId: row.tenantId,
    status: oneOf(BOOKING_STATUSES, row.status, "booking status"),
    initiatedBy: oneOf(INITIATORS, row.initiatedBy, "initiator"),
    initiatedByUserId: row.initiatedByUserId,
    terms: {
      reserveDurationMinutes: row.reserveDurationMinutes,
      bookingDurationHours: row.bookingDurationHours,
      isPaid: row.isPaid
    },
    reserveExpiresAt: row.reserveExpiresAt,
    bookingExpiresAt: row.bookingExpiresAt,
    paymentStatus: oneOf(PAYMENT_STATUSES, row.paymentStatus, "payment status"),
    contractFileId: row.contractFileId,
    receiptFileId: row.receiptFileId,
    requisiteSetId: row.requisiteSetId,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    endedAt: row.endedAt,
    version: row.version
  };
}
function dealFromRow(row) {
  return {
    id: row.id,
    tenantId: row.tenantId,
    status: oneOf(DEAL_STATUSES, row.status, "deal status"),
    agentUserId: row.agentUserId,
    investorUserId: row.investorUserId,
    createdByUserId: row.createdByUserId,
    title: row.title,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    version: row.version
  };
}
const BOOKING_COLUMNS = Prisma.sql`
  b.id::text AS "id", b.deal_id::text AS "dealId", b.property_object_id::text AS "propertyObjectId",
  b.tenant_id::text AS "tenantId", b.initiated_by AS "initiatedBy", b.initiated_by_user_id AS "initiatedByUserId",
  b.reserve_duration_minutes AS "reserveDurationMinutes", b.booking_duration_hours AS "bookingDurationHours",
  b.is_paid AS "isPaid", b.requisite_set_id AS "requisiteSetId", b.created_at AS "createdAt",
  b.updated_at AS "updatedAt", b.version AS "version", ${changeableSelect(BOOKING_TABLE, "b")}`;
const DEAL_COLUMNS = Prisma.sql`
  d.id::text AS "dealId", d.tenant_id::text AS "dealTenantId", d.status AS "dealStatus",
  d.agent_user_id AS "dealAgentUserId", d.investor_user_id AS "dealInvestorUserId",
  d.created_by_user_id AS "dealCreatedByUserId", d.title AS "dealTitle", d.cancel_reason AS "dealCancelReason",
  d.created_at AS "dealCreatedAt", d.updated_at AS "dealUpdatedAt", d.version AS "dealVersion"`;
function dealFromColumns(r) {
  return dealFromRow({
    id: r.dealId,
    tenantId: r.dealTenantId,
    status: r.dealStatus,
    agentUserId: r.dealAgentUserId,
    investorUserId: r.dealInvestorUserId,
    createdByUserId: r.dealCreatedByUserId,
    title: r.dealTitle,
    cancelReason: r.dealCancelReason,
    createdAt: r.dealCreatedAt,
    updatedAt: r.dealUpdatedAt,
    version: r.dealVersion
  });
}
export {
  BOOKING_COLUMNS,
  DEAL_COLUMNS,
  bookingFromRow,
  dealFromColumns,
  dealFromRow
};
//# sourceMappingURL=booking.rows.js.map
