import { builder } from "../builder.js";
const ViewerRef = builder.objectRef("Viewer").implement({
  description: "The signed-in user as the API sees them (from the bearer token).",
  fields: (t) => ({
    userId: t.exposeID("userId", { description: "Your user id (the token's subject)" }),
    roles: t.stringList({
      resolve: (v) => [...v.roles],
      description: "Your roles, e.g. investor, agent, developer_manager, pin_manager, admin"
    }),
    tenantId: t.exposeID("tenantId", { nullable: true, description: "DeveloperId for developer staff" })
  })
});
builder.queryField(
  "viewer",
  (t) => t.field({
    type: ViewerRef,
    nullable: true,
    description: "Who you are; null when no token was sent.",
    resolve: (_root, _args, ctx) => ctx.viewer
  })
);
//# sourceMappingURL=system.js.map
