import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { LIMITS } from "./limits.js";
function armorPlugins() {
  const exposeLimits = true;
  return [
    maxTokensPlugin({ n: LIMITS.maxTokens, exposeLimits }),
    maxDepthPlugin({ n: LIMITS.maxDepth, exposeLimits, flattenFragments: true, ignoreIntrospection: true }),
    maxAliasesPlugin({ n: LIMITS.maxAliases, exposeLimits }),
    maxDirectivesPlugin({ n: LIMITS.maxDirectives, exposeLimits }),
    costLimitPlugin({ maxCost: LIMITS.maxCost, exposeLimits, ignoreIntrospection: true }),
    blockFieldSuggestionsPlugin()
  ];
}
export {
  armorPlugins
};
//# sourceMappingURL=armor.js.map
