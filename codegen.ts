import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * GraphQL Code Generator (run with `npm run codegen`, under tsx so the Pothos schema module loads):
 * prints the Pothos schema to schema/schema.graphql (committed; CI fails when it is stale).
 * Tests write their documents as strings with hand-written result types (decision 0012).
 */
const config: CodegenConfig = {
  schema: "src/graphql/schema/index.ts",
  generates: {
    "schema/schema.graphql": {
      plugins: ["schema-ast"],
      config: { includeDirectives: false, commentDescriptions: false, sort: true },
    },
  },
};

export default config;
