const DEAL_TABLE = {
  table: "crm.deals",
  changeable: {
    tenantId: { column: "tenant_id", type: "uuid" },
    status: { column: "status", type: "text" },
    cancelReason: { column: "cancel_reason", type: "text" }
  }
};
export {
  DEAL_TABLE
};
//# sourceMappingURL=deal.columns.js.map
