import type { VersionedTable } from "../command/versioned-columns.js";
import type { Deal } from "./deal.types.js";

/**
 * The Deal aggregate's changeable columns, described once: its single write (deal.repository.ts,
 * also the gate of a new booking) and the batch write (booking-batch.writer.ts) derive from it.
 */
export const DEAL_TABLE: VersionedTable<Deal> = {
  table: "crm.deals",
  changeable: {
    tenantId: { column: "tenant_id", type: "uuid" },
    status: { column: "status", type: "text" },
    cancelReason: { column: "cancel_reason", type: "text" },
  },
};
