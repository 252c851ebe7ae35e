import type { GraphiQLOptions } from "graphql-yoga";
import { DEMO_CHESSBOARD } from "../domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../platform/auth/demo-users.js";
import type { TokenService } from "../platform/auth/jwt.js";
import { ROLES } from "../platform/auth/viewer.js";

/**
 * GraphiQL served from the package, never from a CDN: @graphql-yoga/render-graphiql inlines the
 * GraphiQL bundle, its CSS and the Monaco editor workers (as blob: URLs) into the page, so it works
 * offline, behind a proxy and in an air-gapped office (decision 0161). Pass as yoga's
 * `renderGraphiQL`.
 *
 * The package is one 9 MB module: it is imported on the first GraphiQL page, not at start-up, so a
 * process that never serves the page (production, the consumer roles, every test that boots the
 * app) does not parse it — 2.5 s of each boot under test load (decision 0531).
 */
let bundle: Promise<typeof import("@graphql-yoga/render-graphiql")> | undefined;
export async function renderGraphiQL(options: GraphiQLOptions): Promise<string> {
  // a failed import is not remembered: the next page tries again
  bundle ??= import("@graphql-yoga/render-graphiql").catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return (await bundle).renderGraphiQL(options);
}

const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

export const BUILDING_GRID = `# Welcome to PIN. You are signed in as the demo agent (Headers below). Press ▶ to run.
# This is the demo building — the one /demo/chessboard opens on (click a Free cell there to book).
# Next tabs: book through the API (CreateDeal → EngageDeveloper → Book), watch the building live,
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

export const BOOKING_FLOW = `# A new deal from scratch, then a booking on it — run the operations in this order
# (▶ asks which one):
#   1. CreateDeal          → copy data.id
#   2. EngageDeveloper     → Draft → Application with the demo developer (dealId = that id)
#   3. Book                → Reserved; the cell turns Reserved on /demo/chessboard and in WatchBuilding
#   4. CancelBooking       → the cell is Free again (bookingId from Book's answer)
# Put the ids into Variables, e.g. { "dealId": "…", "bookingId": "…" }; the developer and the
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

export const WATCH_A_BUILDING = `# The live grid of one building: first a snapshot, then one delta per status or price change.
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

// Every tab is validated against the schema by src/graphql/graphiql.unit.test.ts.
export const STOREFRONT_LOTS = `# The public storefront's lots feed: published property-object cards, keyset pages.
# Readable without a token; agents and platform staff also see the agent commission.
query Lots($after: String) {
  lots(first: 20, after: $after) {
    edges { node { id title projectName buildingName roomsCount areaTotal price pricePerMeter propertyObjectStatus agentCommission } }
    pageInfo { hasNextPage endCursor }
  }
}
`;

export const CONVERSION_FUNNEL = `# The funnel of a developer (ClickHouse): views → favorites → selections → leads → bookings →
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

/** Fills the demo ids into an operation text (variables get them as defaults: GraphiQL's tab
 * variables are not applied by the yoga build, decision 0161). */
export function withDemoIds(text: string, today: Date = new Date()): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return text
    .replaceAll("@DEVELOPER@", DEMO_DEVELOPER_ID)
    .replaceAll("@BUILDING@", DEMO_CHESSBOARD.buildingId)
    .replaceAll("@APARTMENT@", DEMO_CHESSBOARD.exampleApartmentId)
    .replaceAll("@FROM@", day(today.getTime() - 89 * 86_400_000))
    .replaceAll("@TO@", day(today.getTime()));
}

/**
 * GraphiQL in embedded/dev mode: every tab signed in (the demo agent, the funnel tab as the demo
 * developer manager), one tab per thing a newcomer wants to try.
 */
export async function devGraphiqlOptions(tokens: TokenService): Promise<GraphiQLOptions> {
  const sign = async (role: "agent" | "developer_manager") => {
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
      { query: withDemoIds(CONVERSION_FUNNEL), headers: manager },
    ],
  };
}
