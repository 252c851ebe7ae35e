/**
 * Import-graph rules (issue #8 "Done when"): `npm run lint:deps` (part of `npm run lint`).
 * Layers, bottom up: contracts → platform → domain/<context> → graphql, consumers, workers → app.
 * Known exceptions are listed per rule with the issue that removes them; remove an exception as soon
 * as the code it tolerates is gone (dependency-cruiser reports nothing when it no longer matches).
 */

module.exports = {
  forbidden: [
    {
      name: "contracts-import-nothing-of-ours",
      comment: "The published language is the ground floor: src/contracts imports only other contracts.",
      severity: "error",
      from: { path: "^src/contracts/" },
      to: { path: "^src/", pathNot: ["^src/contracts/"] },
    },
    {
      name: "platform-imports-no-domain",
      comment: "src/platform is context-agnostic: no domain, transport or composition code.",
      severity: "error",
      from: { path: "^src/platform/" },
      to: { path: "^src/(domain|graphql|consumers|workers|demo|cli|app)/|^src/(app|main|cli)[.]ts$" },
    },
    {
      name: "domain-imports-no-transport",
      comment: "A context's rules know nothing of GraphQL, consumers, workers or the composition root.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { path: "^src/(graphql|consumers|workers|demo|cli|app)/|^src/(app|main|cli)[.]ts$" },
    },
    {
      name: "no-context-imports-another-context",
      comment:
        "Contexts talk through events (src/contracts), never through each other's modules. The composition root, transports and the demo seed may use several contexts.",
      severity: "error",
      from: { path: "^src/domain/([^/]+)/" },
      to: { path: "^src/domain/([^/]+)/", pathNot: "^src/domain/$1/" },
    },
    {
      name: "graphql-imports-no-prisma-types",
      comment:
        "GraphQL types map domain read models (decision 0004): no generated Prisma types, no Prisma client.",
      severity: "error",
      from: { path: "^src/graphql/" },
      to: { path: "^src/generated/prisma/|^node_modules/@prisma/|^node_modules/[.]prisma/" },
    },
    {
      name: "production-imports-no-test-support",
      comment:
        "Fixtures and test support live under test/ (issue #41): no production module imports them (unit tests next to the code, excluded below, may).",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^test/" },
    },
    {
      name: "no-import-loops",
      comment: "No cycles anywhere.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules|^src/generated/" },
    exclude: { path: "[.]test[.]ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
