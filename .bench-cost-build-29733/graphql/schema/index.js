import { builder } from "../builder.js";
import { withValidatedIds } from "../scalars/ids.js";
import { withGeneratedTypeDescriptions } from "./generated-type-descriptions.js";
import "./system.js";
import "./crm/crm-types.js";
import "./crm/crm-queries.js";
import "./crm/crm-mutations.js";
import "./crm/deals-query.js";
import "./chessboard/chessboard-types.js";
import "./chessboard/chessboard-inputs.js";
import "./chessboard/chessboard-queries.js";
import "./chessboard/chessboard-mutations.js";
import "./chessboard/chessboard-updates.js";
import "./devstats/conversion-funnel.js";
import "./devstats/feature-flags.js";
import "./catalog/catalog-types.js";
import "./catalog/card-types.js";
import "./catalog/lot-filter-input.js";
import "./catalog/catalog-queries.js";
import "./catalog/catalog-mutations.js";
import "./catalog/saved-searches.js";
import "./messenger/deal-chat-types.js";
import "./messenger/deal-chat-queries.js";
import "./messenger/deal-chat-mutations.js";
import "./messenger/deal-chat-messages.js";
import "./notifications/notification-types.js";
import "./notifications/notification-inbox.js";
import "./notifications/notification-added.js";
import "./platform/test-clock.js";
const schema = withGeneratedTypeDescriptions(withValidatedIds(builder.toSchema({ sortSchema: true })));
export {
  schema
};
//# sourceMappingURL=index.js.map
