import { DEMO_CHESSBOARD } from "../domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../platform/auth/demo-users.js";
import { ROLES } from "../platform/auth/viewer.js";
let bundle;
async function renderGraphiQL(options) {
  bundle ??= import("@graphql-yoga/render-graphiql").catch((error) => {
    bundle = void 0;
    throw error;
  });
  return (await bundle).renderGraphiQL(options);
}
const pretty = (value) => JSON.stringify(value, null, 2);
const BUILDING_GRID = `# Welcome to PIN. You are signed in as the demo agent (Headers below). Press \u25B6 to run.
# This is the demo building \u2014 the one /demo/chessboard opens on (click a Free cell there to book).
# Next tabs: book through the API (CreateDeal \u2192 EngageDeveloper \u2192 Book), watch the building live,
# the storefront, the developer's funnel (also drawn on /demo/funnel).
# Tokens for the other demo users (paste into the Authorization header):
@ROLE_LINES@
query Grid($buildingId: ID! = "@BUILDING@") {
  chessboard(buildingId: $buildingId) {
    projectName buildingName
    sections { section floors { floor cells { id number status price rooms totalArea reservedUntil } } }
  }
}
`;
const BOOKING_FLOW = `# A new deal from scratch, then a booking on it \u2014 run the operations in this order
# (\u25B6 asks which one):
#   1. CreateDeal          \u2192 copy data.id
#   2. EngageDeveloper     \u2192 Draft \u2192 Application with the demo developer (dealId = that id)
#   3. Book                \u2192 Reserved; the cell turns Reserved on /demo/chessboard and in WatchBuilding
#   4. CancelBooking       \u2192 the cell is Free again (bookingId from Book's answer)
# Put the ids into Variables, e.g. { "dealId": "\u2026", "bookingId": "\u2026" }; the developer and the
# apartment are prefilled (apartment 2094 of the demo building; pick any Free one from the Grid tab).
mutation CreateDeal($title: String! = "My first deal") {
  createDeal(title: $title) {
    __typename
    ... on MutationCreateDealSuccess { data { id status } }
    ... on Error { code message }
  }
}

mutation EngageDeveloper($dealId: ID!, $developerId: ID! = "@DEVELOPER@") {
  engageDeveloper(dealId: $dealId, developerId: $developerId) {
    __typename
    ... on MutationEngageDeveloperSuccess { data { id status tenantId } }
    ... on Error { code message }
  }
}

mutation Book($dealId: ID!, $propertyObjectId: ID! = "@APARTMENT@") {
  createBooking(dealId: $dealId, propertyObjectId: $propertyObjectId) {
    __typename
    ... on MutationCreateBookingSuccess { data { id status reserveExpiresAt } }
    ... on Error { code message }
  }
}

mutation CancelBooking($bookingId: ID!, $reason: String! = "Changed my mind") {
  cancelBooking(bookingId: $bookingId, reason: $reason) {
    __typename
    ... on MutationCancelBookingSuccess { data { id status } }
    ... on Error { code message }
  }
}

query MyDeals {
  deals(first: 10) { edges { node { id title status tenantId } } }
}
`;
const WATCH_A_BUILDING = `# The live grid of one building: first a snapshot, then one delta per status or price change.
# Keep it running and book an apartment in the first tab (or open /demo/chessboard).
subscription WatchBuilding($buildingId: ID! = "@BUILDING@") {
  chessboardUpdates(buildingId: $buildingId) {
    __typename
    ... on ChessboardSnapshot {
      grids { buildingName sections { section floors { floor cells { id number status version } } } }
    }
    ... on PropertyObjectStatusDelta { propertyObjectId fromStatus status version reservedUntil changedAt }
    ... on PropertyObjectPriceDelta { propertyObjectId price pricePerMeter version changedAt }
  }
}
`;
const STOREFRONT_LOTS = `# The public storefront's lots feed: published property-object cards, keyset pages.
# Readable without a token; agents and platform staff also see the agent commission.
query Lots($after: String) {
  lots(first: 20, after: $after) {
    edges { node { id title projectName buildingName roomsCount areaTotal price pricePerMeter propertyObjectStatus agentCommission } }
    pageInfo { hasNextPage endCursor }
  }
}
`;
const CONVERSION_FUNNEL = `# The funnel of a developer (ClickHouse): views \u2192 favorites \u2192 selections \u2192 leads \u2192 bookings \u2192
# deals, per day or in total. Observed today: Bookings (booking-created) and Deals (the sale
# started); ratios are between consecutive filled stages. Drawn as a chart on /demo/funnel.
# Developer staff see their own developer only: this tab is signed in as the demo developer manager.
query ConversionFunnel($from: String! = "@FROM@", $to: String! = "@TO@", $buildingId: ID) {
  conversionFunnel(filter: { from: $from, to: $to, buildingId: $buildingId, groupBy: TOTAL }) {
    __typename
    ... on QueryConversionFunnelSuccess {
      data { from to counts { views favorites selections leads bookings deals } ratios { from to ratio } }
    }
    ... on Error { code message }
  }
}
`;
function withDemoIds(text, today = /* @__PURE__ */ new Date()) {
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  return text.replaceAll("@DEVELOPER@", DEMO_DEVELOPER_ID).replaceAll("@BUILDING@", DEMO_CHESSBOARD.buildingId).replaceAll("@APARTMENT@", DEMO_CHESSBOARD.exampleApartmentId).replaceAll("@FROM@", day(today.getTime() - 89 * 864e5)).replaceAll("@TO@", day(today.getTime()));
}
async function devGraphiqlOptions(tokens) {
  const sign = async (role) => {
    const user = DEMO_USERS[role];
    return `Bearer ${await tokens.sign({ userId: user.userId, roles: [role], tenantId: user.tenantId })}`;
  };
  const agent = pretty({ Authorization: await sign("agent") });
  const manager = pretty({ Authorization: await sign("developer_manager") });
  const roleLines = ROLES.map((role) => `#   ${role.padEnd(18)} GET /dev/token?role=${role}`).join("\n");
  const start = withDemoIds(BUILDING_GRID.replace("@ROLE_LINES@", roleLines));
  return {
    title: "PIN GraphQL (embedded demo)",
    headers: agent,
    defaultHeaders: agent,
    defaultQuery: start,
    defaultEditorToolsVisibility: "headers",
    defaultTabs: [
      { query: start, headers: agent },
      { query: withDemoIds(BOOKING_FLOW), headers: agent },
      { query: withDemoIds(WATCH_A_BUILDING), headers: agent },
      { query: STOREFRONT_LOTS, headers: agent },
      { query: withDemoIds(CONVERSION_FUNNEL), headers: manager }
    ]
  };
}
export {
  BOOKING_FLOW,
  BUILDING_GRID,
  CONVERSION_FUNNEL,
  STOREFRONT_LOTS,
  WATCH_A_BUILDING,
  devGraphiqlOptions,
  renderGraphiQL,
  withDemoIds
};
//# sourceMappingURL=graphiql.js.map
