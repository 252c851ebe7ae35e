import type { Plugin } from "graphql-yoga";
import { NoSchemaIntrospectionCustomRule } from "graphql";
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

/** Refuses __schema and __type (but not __typename) in validation. */
export function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

export type CorsSetting = false | { origin: string | string[]; credentials: false; methods: string[]; allowedHeaders: string[]; maxAge: number };

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
