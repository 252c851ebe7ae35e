import { hasRole, isDeveloperManagerOf, isInProcessSystem } from "../../../platform/auth/viewer.js";
import { forbidden } from "../chessboard.errors.js";
function assertMayEditTenant(viewer, tenantId) {
  if (hasRole(viewer, "admin") || isInProcessSystem(viewer)) return;
  if (isDeveloperManagerOf(viewer, tenantId)) return;
  throw forbidden("Only the developer's own staff (or an admin) may change its chessboard");
}
export {
  assertMayEditTenant
};
//# sourceMappingURL=structure.access.js.map
