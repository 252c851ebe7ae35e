import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import type { GraphiQLOptions } from "graphql-yoga";
import { DEMO_CHESSBOARD } from "../domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM } from "../domain/crm/seed/seed-demo-deals.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../platform/auth/demo-users.js";
import type { TokenService } from "../platform/auth/jwt.js";
import { ROLES } from "../platform/auth/viewer.js";

/**
 * GraphiQL served from the package, never from a CDN: @graphql-yoga/render-graphiql inlines the
 * GraphiQL bundle, its CSS and the Monaco editor workers (as blob: URLs) into the page, so it works
 * offline, behind a proxy and in an air-gapped office (decision 0161). Pass as yoga's
 * `renderGraphiQL`.
 */
export { renderGraphiQL };

const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

export const BOOK_AN_APARTMENT = `# Welcome to PIN. You are signed in as the demo agent (Headers below).
# Tokens for the other demo users (paste into the Authorization header):
@ROLE_LINES@
#
# Book an apartment: run Grid (the demo building), pick a Free cell's id, run Book with it as
# propertyObjectId in Variables (the deal defaults to one of the demo agent's, status Application).
# Watch the cell turn Reserved in the WatchBuilding tab or on /demo/chessboard.

query MyDeals {
  deals(first: 10) { edges { node { id title status tenantId } } }
}

query Buildings($developerId: ID = "@DEVELOPER@") {
  chessboardProjects(developerId: $developerId) { id name buildings { id name } }
}

query Grid($buildingId: ID! = "@BUILDING@") {
  chessboard(buildingId: $buildingId) {
    projectName buildingName
    sections { section floors { floor cells { id number status price rooms totalArea } } }
  }
}

mutation Book($dealId: ID! = "@DEAL@", $propertyObjectId: ID!) {
  createBooking(dealId: $dealId, propertyObjectId: $propertyObjectId) {
    __typename
    ... on MutationCreateBookingSuccess { data { id status reserveExpiresAt } }
    ... on Error { code message }
  }
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

export const CONVERSION_FUNNEL = `# The booking funnel of a developer (ClickHouse): views → favorites → selections → leads →
# bookings → deals, per day or in total, with conversion ratios between adjacent stages.
# Developer staff see their own developer only: this tab is signed in as the demo developer manager.
query ConversionFunnel($from: String! = "2026-01-01", $to: String! = "2026-12-31") {
  conversionFunnel(filter: { from: $from, to: $to, groupBy: TOTAL }) {
    __typename
    ... on QueryConversionFunnelSuccess {
      data { from to counts { views favorites selections leads bookings deals } ratios { from to ratio } }
    }
    ... on Error { message }
  }
}
`;

/** Fills the demo ids into an operation text (variables get them as defaults: GraphiQL's tab
 * variables are not applied by the yoga build, decision 0161). */
function withDemoIds(text: string): string {
  return text
    .replaceAll("@DEVELOPER@", DEMO_DEVELOPER_ID)
    .replaceAll("@BUILDING@", DEMO_CHESSBOARD.buildingId)
    .replaceAll("@DEAL@", DEMO_CRM.agentDealIds[0]);
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
  const start = withDemoIds(BOOK_AN_APARTMENT.replace("@ROLE_LINES@", roleLines));
  return {
    title: "PIN GraphQL (embedded demo)",
    headers: agent,
    defaultHeaders: agent,
    defaultQuery: start,
    defaultEditorToolsVisibility: "headers",
    defaultTabs: [
      { query: start, headers: agent },
      { query: withDemoIds(WATCH_A_BUILDING), headers: agent },
      { query: STOREFRONT_LOTS, headers: agent },
      { query: CONVERSION_FUNNEL, headers: manager },
    ],
  };
}
