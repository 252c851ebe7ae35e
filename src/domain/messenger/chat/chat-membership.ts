import { hasRole, isDeveloperManagerOf, type Viewer } from "../../../platform/auth/viewer.js";

/** The members of a deal chat as messenger knows them (from crm's booking-created, decision 0120). */
export interface ChatMembers {
  readonly dealId: string;
  readonly tenantId: string;
  readonly agentUserId: string | null;
  readonly investorUserId: string | null;
}

/**
 * Who may read and post in a deal chat: the deal's agent and investor, the developer_managers of
 * the deal's developer, and platform staff (pin_manager, admin) — the same people who may read the
 * deal in crm. Everyone else is told the chat does not exist (NOT_FOUND, no existence leak).
 */
export function isChatMember(viewer: Viewer, chat: ChatMembers): boolean {
  if (viewer.roles.includes("agent") && chat.agentUserId === viewer.userId) return true;
  if (viewer.roles.includes("investor") && chat.investorUserId === viewer.userId) return true;
  if (isDeveloperManagerOf(viewer, chat.tenantId)) return true;
  return hasRole(viewer, "pin_manager", "admin");
}
