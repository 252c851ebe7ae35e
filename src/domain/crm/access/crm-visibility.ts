import type { Prisma } from "../../../generated/prisma/client.js";
import { hasRole, type Viewer } from "../../../platform/auth/viewer.js";

/**
 * The read rule of the role matrix as a Prisma filter on deals: participants, the tenant's
 * developer staff, pin_manager and admin. Lists apply it in SQL, so a page never leaks rows.
 */
export function visibleDealsWhere(viewer: Viewer): Prisma.CrmDealWhereInput {
  if (hasRole(viewer, "pin_manager", "admin")) return {};
  const or: Prisma.CrmDealWhereInput[] = [];
  if (viewer.roles.includes("agent")) or.push({ agentUserId: viewer.userId });
  if (viewer.roles.includes("investor")) or.push({ investorUserId: viewer.userId });
  if (viewer.roles.includes("developer_manager") && viewer.tenantId) or.push({ tenantId: viewer.tenantId });
  return or.length > 0 ? { OR: or } : { id: { in: [] } };
}
