import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { requireService } from "../../support/services.js";
import { OTHER_TENANT, seedEngagedDeal, TENANT, viewers } from "./crm-fixtures.js";

await requireService("postgres");

const LIST = `query($first: Int, $after: String, $status: [DealStatus!]) {
  deals(first: $first, after: $after, filter: { status: $status }) {
    edges { node { id status } }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface DealsPage {
  deals: {
    edges: Array<{ node: { id: string; status: string } }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

describe("deals list: what each role sees, newest first, keyset pages", () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"] });
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    ids.own = await seedEngagedDeal(t.db, { at: at(1) });
    ids.ownDraft = await seedEngagedDeal(t.db, { at: at(2), status: "Draft", tenantId: null });
    ids.otherAgent = await seedEngagedDeal(t.db, {
      at: at(3),
      agentUserId: "agent-2",
      investorUserId: "investor-2",
    });
    ids.otherTenant = await seedEngagedDeal(t.db, {
      at: at(4),
      agentUserId: "agent-3",
      investorUserId: "investor-3",
      tenantId: OTHER_TENANT,
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function list(token: string, variables: Record<string, unknown> = {}): Promise<DealsPage["deals"]> {
    const result = await t.graphql<DealsPage>(LIST, variables, token);
    expect(result.errors).toBeUndefined();
    return result.data!.deals;
  }

  it("an agent sees only their own deals; a status filter narrows them", async () => {
    const token = await t.tokenFor("agent", { userId: viewers.agent.userId });
    expect((await list(token)).edges.map((e) => e.node.id)).toEqual([ids.ownDraft, ids.own]);
    expect((await list(token, { status: ["Application"] })).edges.map((e) => e.node.id)).toEqual([ids.own]);
  });

  it("developer staff see their tenant's deals; pin_manager sees all, page by page", async () => {
    const staff = await t.tokenFor("developer_manager", { userId: viewers.manager.userId, tenantId: TENANT });
    expect((await list(staff)).edges.map((e) => e.node.id)).toEqual([ids.otherAgent, ids.own]);

    const pin = await t.tokenFor("pin_manager");
    const first = await list(pin, { first: 2 });
    expect(first.edges.map((e) => e.node.id)).toEqual([ids.otherTenant, ids.otherAgent]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list(pin, { first: 2, after: first.pageInfo.endCursor });
    expect(second.edges.map((e) => e.node.id)).toEqual([ids.ownDraft, ids.own]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("anonymous callers are refused", async () => {
    const result = await t.graphql(LIST, {}, null);
    expect(result.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/Sign in/),
      extensions: { code: "AUTH_REQUIRED" },
    });
  });
});
