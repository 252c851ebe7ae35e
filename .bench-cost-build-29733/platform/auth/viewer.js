import { ForbiddenError } from "../errors/domain-error.js";
const ROLES = ["agent", "investor", "pin_manager", "developer_manager", "admin", "system"];
function hasRole(viewer, ...roles) {
  return viewer !== null && viewer.roles.some((r) => roles.includes(r));
}
function isPlatformStaff(viewer) {
  return hasRole(viewer, "pin_manager", "admin", "system");
}
function isDeveloperManagerOf(viewer, tenantId) {
  return viewer !== null && viewer.roles.includes("developer_manager") && viewer.tenantId === tenantId;
}
const IN_PROCESS = /* @__PURE__ */ new WeakSet();
function inProcessSystemViewer(userId) {
  const viewer = Object.freeze({ userId, roles: ["system"], tenantId: null });
  IN_PROCESS.add(viewer);
  return viewer;
}
function isInProcessSystem(viewer) {
  return viewer !== null && IN_PROCESS.has(viewer);
}
function requireViewer(viewer) {
  if (!viewer) throw new ForbiddenError("AUTH_REQUIRED", "Sign in first: send Authorization: Bearer <token>");
  return viewer;
}
export {
  ROLES,
  hasRole,
  inProcessSystemViewer,
  isDeveloperManagerOf,
  isInProcessSystem,
  isPlatformStaff,
  requireViewer
};
//# sourceMappingURL=viewer.js.map
