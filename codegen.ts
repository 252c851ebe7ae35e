import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * GraphQL Code Generator (run with `npm run codegen`, under tsx so the Pothos schema module loads):
 *  - prints the Pothos schema to schema/schema.graphql (committed; CI fails when it is stale);
 *  - generates typed documents for the tests from test/graphql/**\/*.graphql.
 */
const config: CodegenConfig = {
  // ESM with NodeNext resolution: relative imports in generated files need the .js extension
  importExtension: ".js",
  schema: "src/graphql/schema/index.ts",
  documents: ["test/graphql/**/*.graphql"],
  ignoreNoDocuments: true,
  generates: {
    "schema/schema.graphql": {
      plugins: ["schema-ast"],
      config: { includeDirectives: false, commentDescriptions: false, sort: true },
    },
    "test/generated/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: "string", Decimal: "string" },
      },
    },
  },
};

export default config;
