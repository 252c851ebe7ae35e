import { hasRole, isDeveloperManagerOf } from "../../../platform/auth/viewer.js";
function isChatMember(viewer, chat) {
  if (viewer.roles.includes("agent") && chat.agentUserId === viewer.userId) return true;
  if (viewer.roles.includes("investor") && chat.investorUserId === viewer.userId) return true;
  if (isDeveloperManagerOf(viewer, chat.tenantId)) return true;
  return hasRole(viewer, "pin_manager", "admin");
}
export {
  isChatMember
};
//# sourceMappingURL=chat-membership.js.map
