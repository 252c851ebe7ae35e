import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import type { Plugin } from "graphql-yoga";
import { LIMITS } from "./limits.js";

/**
 * graphql-armor (issue #13 item 5): the shape of a document is bounded before it runs. The
 * plugins act in parse and validate, so they guard HTTP and graphql-ws alike (both use
 * yoga.getEnveloped). "Did you mean …" suggestions are masked in every mode: they leak the schema.
 */
export function armorPlugins(): Plugin[] {
  const exposeLimits = true; // the limits are public (docs/engineering/security.md); the message says which one
  return [
    maxTokensPlugin({ n: LIMITS.maxTokens, exposeLimits }),
    maxDepthPlugin({ n: LIMITS.maxDepth, exposeLimits, flattenFragments: true, ignoreIntrospection: true }),
    maxAliasesPlugin({ n: LIMITS.maxAliases, exposeLimits }),
    maxDirectivesPlugin({ n: LIMITS.maxDirectives, exposeLimits }),
    costLimitPlugin({ maxCost: LIMITS.maxCost, exposeLimits, ignoreIntrospection: true }),
    blockFieldSuggestionsPlugin(),
  ] as Plugin[];
}
