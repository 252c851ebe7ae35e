import { hasRole } from "../../../platform/auth/viewer.js";
function visibleDealsWhere(viewer) {
  if (hasRole(viewer, "pin_manager", "admin")) return {};
  const or = [];
  if (viewer.roles.includes("agent")) or.push({ agentUserId: viewer.userId });
  if (viewer.roles.includes("investor")) or.push({ investorUserId: viewer.userId });
  if (viewer.roles.includes("developer_manager") && viewer.tenantId) or.push({ tenantId: viewer.tenantId });
  return or.length > 0 ? { OR: or } : { id: { in: [] } };
}
export {
  visibleDealsWhere
};
//# sourceMappingURL=crm-visibility.js.map
