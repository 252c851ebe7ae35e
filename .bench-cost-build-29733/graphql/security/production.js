import { GraphQLError } from "graphql";
function developerTools(settings) {
  const production = settings.nodeEnv === "production";
  const introspection = settings.graphqlIntrospection === "auto" ? !production : settings.graphqlIntrospection === "true";
  return { graphiql: !production, introspection };
}
function useNoIntrospection() {
  const rule = (context) => ({
    Field(node) {
      if (node.name.value === "__schema" || node.name.value === "__type") {
        context.reportError(
          new GraphQLError("GraphQL introspection is disabled on this server", {
            nodes: node,
            extensions: { code: "INTROSPECTION_DISABLED" }
          })
        );
      }
    }
  });
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    }
  };
}
function corsFor(settings) {
  const common = {
    credentials: false,
    methods: ["GET", "POST"],
    allowedHeaders: ["content-type", "authorization", "x-request-id"],
    maxAge: 600
  };
  if (settings.corsOrigins.length > 0) return { origin: [...settings.corsOrigins], ...common };
  if (settings.nodeEnv === "production") return false;
  return { origin: "*", ...common };
}
export {
  corsFor,
  developerTools,
  useNoIntrospection
};
//# sourceMappingURL=production.js.map
