import { GraphQLError, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Settings } from "../../platform/config/settings.js";

/**
 * Developer tools by mode (issue #13 item 6, decision 0145). Kept apart from server.ts so the
 * GraphiQL rendering and this switch change independently.
 */
export interface DeveloperTools {
  /** GraphiQL at GET /graphql (text/html) */
  readonly graphiql: boolean;
  /** __schema / __type queries */
  readonly introspection: boolean;
}

export function developerTools(settings: Pick<Settings, "nodeEnv" | "graphqlIntrospection">): DeveloperTools {
  const production = settings.nodeEnv === "production";
  const introspection =
    settings.graphqlIntrospection === "auto" ? !production : settings.graphqlIntrospection === "true";
  return { graphiql: !production, introspection };
}

/**
 * Refuses __schema and __type (but not __typename) in validation. A rule of our own rather than
 * graphql's NoSchemaIntrospectionCustomRule: it looks only at field names, so it works whichever
 * graphql build loaded the schema.
 */
export function useNoIntrospection(): Plugin {
  const rule = (context: ValidationContext) => ({
    Field(node: { name: { value: string } }) {
      if (node.name.value === "__schema" || node.name.value === "__type") {
        context.reportError(
          new GraphQLError("GraphQL introspection is disabled on this server", {
            nodes: node as never,
            extensions: { code: "INTROSPECTION_DISABLED" },
          }),
        );
      }
    },
  });
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule as never);
    },
  };
}

export type CorsSetting =
  | false
  | {
      origin: string | string[];
      credentials: false;
      methods: string[];
      allowedHeaders: string[];
      maxAge: number;
    };

/** CORS: the allow-list when set; otherwise any origin outside production and none in production. No credentials: we use bearer tokens, never cookies. */
export function corsFor(settings: Pick<Settings, "nodeEnv" | "corsOrigins">): CorsSetting {
  const common = {
    credentials: false as const,
    methods: ["GET", "POST"],
    allowedHeaders: ["content-type", "authorization", "x-request-id"],
    maxAge: 600,
  };
  if (settings.corsOrigins.length > 0) return { origin: [...settings.corsOrigins], ...common };
  if (settings.nodeEnv === "production") return false;
  return { origin: "*", ...common };
}
