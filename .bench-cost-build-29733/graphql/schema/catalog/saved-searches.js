import {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_MAX
} from "../../../domain/catalog/saved-searches/saved-searches.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { LotFilterInput, lotFilter } from "./lot-filter-input.js";
const SavedSearchRef = builder.objectRef("SavedSearch").implement({
  description: "A saved storefront filter. When a lot starts matching it (published, back on sale, its price fell into range) or a matching lot's price falls, its owner gets a SavedSearchMatch notification (at most one per lot a day; a SavedSearchDigest when more than 3 match at once).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The saved search's id" }),
    name: t.exposeString("name", { description: "Its name, as the owner gave it" }),
    query: t.exposeString("query", { nullable: true, description: "The saved q" }),
    filter: t.string({
      description: "The filter as JSON in the shape of the LotFilter input (without q): pass it back to lots",
      resolve: (s) => JSON.stringify(s.filter)
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was saved" })
  })
});
builder.queryField(
  "savedSearches",
  (t) => t.field({
    type: [SavedSearchRef],
    description: `Your saved searches, oldest first (at most ${SAVED_SEARCHES_MAX}). Needs a token.`,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.deps.services.catalog.savedSearches.list(requireViewer(ctx.viewer).userId)
  })
);
builder.mutationField(
  "saveSearch",
  (t) => t.field({
    type: SavedSearchRef,
    description: `Save a storefront filter (with its q) under a name (1\u2013${SAVED_SEARCH_NAME_MAX} characters) to be alerted of new matches live (notificationAdded). At most ${SAVED_SEARCHES_MAX} a user. Needs a token. Errors: CATALOG_SAVED_SEARCH_INVALID, CATALOG_SAVED_SEARCH_LIMIT, CATALOG_INVALID_FILTER.`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      name: t.arg.string({ required: true }),
      filter: t.arg({ type: LotFilterInput, required: false })
    },
    resolve: (_root, args, ctx) => ctx.deps.services.catalog.savedSearches.save(requireViewer(ctx.viewer).userId, {
      name: args.name,
      filter: lotFilter(args.filter)
    })
  })
);
builder.mutationField(
  "deleteSavedSearch",
  (t) => t.field({
    type: "Boolean",
    description: "Delete one of your saved searches (its alerts stop). Needs a token. Errors: CATALOG_SAVED_SEARCH_NOT_FOUND.",
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.deps.services.catalog.savedSearches.delete(requireViewer(ctx.viewer).userId, String(args.id));
      return true;
    }
  })
);
//# sourceMappingURL=saved-searches.js.map
