import { requireViewer } from "../../../platform/auth/viewer.js";
function viewerOf(ctx) {
  return requireViewer(ctx.viewer);
}
function metaOf(ctx) {
  return { causationId: ctx.requestId };
}
export {
  metaOf,
  viewerOf
};
//# sourceMappingURL=crm-context.js.map
