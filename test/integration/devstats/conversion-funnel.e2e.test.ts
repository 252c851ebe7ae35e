import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DEVELOPER_ID, DEMO_SECOND_DEVELOPER_ID } from "../../../src/platform/auth/demo-users.js";
import { FEATURE_FLAGS } from "../../../src/platform/flags/feature-flags.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { clickhouseUrl, describeWithService } from "../../support/services.js";
import { type ConversionFunnelAnswer, uniqueChDatabase } from "./devstats-fixtures.js";

const FUNNEL = `query($filter: ConversionFunnelFilter!) {
  conversionFunnel(filter: $filter) {
    __typename
    ... on Error { code }
    ... on QueryConversionFunnelSuccess { data {
      developerId from to
      counts { views favorites selections leads bookings deals }
      ratios { from to ratio }
      days { day counts { views leads bookings deals } ratios { from to ratio } }
    } }
  }
}`;

const SET_FLAG = `mutation($key: String!, $enabled: Boolean!) {
  setFeatureFlag(key: $key, enabled: $enabled) {
    __typename
    ... on Error { code }
    ... on MutationSetFeatureFlagSuccess { data { key enabled } }
  }
}`;

type FunnelAnswer = ConversionFunnelAnswer<{
  developerId: string;
  counts: Record<string, number>;
  ratios: Array<{ from: string; to: string; ratio: number }>;
  days: Array<{
    day: string;
    counts: Record<string, number>;
    ratios: Array<{ from: string; to: string; ratio: number }>;
  }>;
}>;

describeWithService("clickhouse", "conversionFunnel over GraphQL (ClickHouse server)", () => {
  let t: TestApp;
  const database = uniqueChDatabase("devstats_e2e");
  const objectId = randomUUID();
  const projectId = randomUUID();
  const otherObject = randomUUID();

  beforeAll(async () => {
    t = await startTestApp({
      roles: ["api"],
      env: { PIN_ANALYTICS: "auto", CLICKHOUSE_URL: clickhouseUrl(), PIN_DEVSTATS_DATABASE: database },
    });
    const devstats = t.app.devstats;
    if (!devstats) throw new Error("dev-stats did not start");
    const path = {
      ProjectId: projectId,
      BuildingId: randomUUID(),
      LayoutGroupId: "",
      LayoutId: randomUUID(),
    };
    await devstats.store.insertBookings([
      {
        ...path,
        DeveloperId: DEMO_DEVELOPER_ID,
        PropertyObjectId: objectId,
        EventDate: "2026-03-01",
        BookingId: randomUUID(),
      },
      {
        ...path,
        DeveloperId: DEMO_DEVELOPER_ID,
        PropertyObjectId: objectId,
        EventDate: "2026-03-02",
        BookingId: randomUUID(),
      },
      {
        ...path,
        DeveloperId: DEMO_SECOND_DEVELOPER_ID,
        PropertyObjectId: otherObject,
        EventDate: "2026-03-01",
        BookingId: randomUUID(),
      },
    ]);
    // One sale on 03-02 (the Deals stage's input), twice: uniqState(DealId) counts it once.
    const sale = {
      ...path,
      DeveloperId: DEMO_DEVELOPER_ID,
      PropertyObjectId: objectId,
      EventDate: "2026-03-02",
      DealId: randomUUID(),
    };
    await devstats.store.insertDeals([sale, sale]);
    // Leads of another producer for the same slice (4 distinct leads on 03-01).
    await devstats.clickhouse.command(
      `INSERT INTO ${database}.funnel_daily (DeveloperId, ProjectId, BuildingId, LayoutGroupId, LayoutId, PropertyObjectId, EventDate, Leads)
       SELECT '${DEMO_DEVELOPER_ID}', '${projectId}', '${path.BuildingId}', '', '${path.LayoutId}', '${objectId}', toDate('2026-03-01'),
              uniqState(l) FROM (SELECT arrayJoin(['l1', 'l2', 'l3', 'l4']) AS l)`,
    );
  }, 120_000);
  afterAll(async () => {
    await t?.app.devstats?.clickhouse.command(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
    await t?.stop();
  });

  const filter = { from: "2026-03-01", to: "2026-03-31" };

  it("developer staff read their own developer: counts, ratios between consecutive filled stages, for the total and per day", async () => {
    const token = await t.tokenFor("developer_manager");
    const res = await t.graphql<FunnelAnswer>(FUNNEL, { filter: { ...filter, groupBy: "DAY" } }, token);
    const data = res.data?.conversionFunnel.data;
    expect(data?.developerId).toBe(DEMO_DEVELOPER_ID);
    expect(data?.counts).toEqual({ views: 0, favorites: 0, selections: 0, leads: 4, bookings: 2, deals: 1 });
    expect(data?.ratios).toEqual([
      { from: "LEADS", to: "BOOKINGS", ratio: 0.5 },
      { from: "BOOKINGS", to: "DEALS", ratio: 0.5 },
    ]);
    expect(data?.days.map((d) => [d.day, d.counts.bookings, d.counts.deals, d.ratios])).toEqual([
      ["2026-03-01", 1, 0, [{ from: "LEADS", to: "BOOKINGS", ratio: 0.25 }]],
      ["2026-03-02", 1, 1, [{ from: "BOOKINGS", to: "DEALS", ratio: 1 }]],
    ]);
    const byProject = await t.graphql<FunnelAnswer>(
      FUNNEL,
      { filter: { ...filter, projectId: randomUUID() } },
      token,
    );
    expect(byProject.data?.conversionFunnel.data?.counts.bookings).toBe(0);
  });

  it("developer staff cannot read another developer; platform staff must pick one; others are refused", async () => {
    const dm = await t.tokenFor("developer_manager");
    const foreign = await t.graphql<FunnelAnswer>(
      FUNNEL,
      { filter: { ...filter, developerId: DEMO_SECOND_DEVELOPER_ID } },
      dm,
    );
    expect(foreign.data?.conversionFunnel.code).toBe("DEVSTATS_FORBIDDEN");

    const admin = await t.tokenFor("pin_manager");
    const none = await t.graphql<FunnelAnswer>(FUNNEL, { filter }, admin);
    expect(none.data?.conversionFunnel.code).toBe("DEVSTATS_DEVELOPER_REQUIRED");
    const picked = await t.graphql<FunnelAnswer>(
      FUNNEL,
      { filter: { ...filter, developerId: DEMO_SECOND_DEVELOPER_ID } },
      admin,
    );
    expect(picked.data?.conversionFunnel.data?.counts.bookings).toBe(1);

    for (const role of ["agent", "investor"] as const) {
      const res = await t.graphql<FunnelAnswer>(
        FUNNEL,
        { filter: { ...filter, developerId: DEMO_DEVELOPER_ID } },
        await t.tokenFor(role),
      );
      expect(res.data?.conversionFunnel.code, role).toBe("DEVSTATS_FORBIDDEN");
    }
    const anonymous = await t.graphql<FunnelAnswer>(FUNNEL, { filter });
    const code = anonymous.data?.conversionFunnel?.code ?? anonymous.errors?.[0]?.extensions?.code;
    expect(code).toBe("AUTH_REQUIRED");
  });

  it("/readyz includes the ClickHouse engine", async () => {
    const response = await fetch(new URL("/readyz", t.url));
    const body = (await response.json()) as { checks: Record<string, boolean> };
    expect(body.checks.clickhouse).toBe(true);
  });

  it("hostile filters are refused before any SQL is built", async () => {
    const dm = await t.tokenFor("developer_manager");
    // An id is a GraphQL ID: the API's ID scalar refuses a non-UUID before any resolver runs.
    const injected = await t.graphql<FunnelAnswer>(
      FUNNEL,
      { filter: { ...filter, propertyObjectId: "x' OR 1=1 --" } },
      dm,
    );
    expect(injected.data ?? null).toBeNull();
    expect(injected.errors?.[0]?.extensions?.code).toBe("INVALID_ID");
    for (const bad of [
      { ...filter, from: "2026-04-01" },
      { from: "2020-01-01", to: "2026-01-01" },
      { from: "2026-02-30", to: "2026-03-01" },
    ]) {
      const res = await t.graphql<FunnelAnswer>(FUNNEL, { filter: bad }, dm);
      expect(res.data?.conversionFunnel.code, JSON.stringify(bad)).toBe("DEVSTATS_FILTER_INVALID");
    }
  });

  it("the funnel flag is switched at run time by an admin only", async () => {
    const dm = await t.tokenFor("developer_manager");
    const refused = await t.graphql<{ setFeatureFlag: { code?: string } }>(
      SET_FLAG,
      { key: FEATURE_FLAGS.devStatsFunnel, enabled: false },
      dm,
    );
    expect(refused.data?.setFeatureFlag?.code ?? refused.errors?.[0]?.extensions?.code).toBe(
      "AUTH_FORBIDDEN",
    );
    const admin = await t.tokenFor("admin");
    const off = await t.graphql<{ setFeatureFlag: { data?: { enabled: boolean } } }>(
      SET_FLAG,
      { key: FEATURE_FLAGS.devStatsFunnel, enabled: false },
      admin,
    );
    expect(off.data?.setFeatureFlag.data?.enabled).toBe(false);
    expect(await t.app.devstats?.flags.isEnabled(FEATURE_FLAGS.devStatsFunnel)).toBe(false);
    const unknown = await t.graphql<{ setFeatureFlag: { code?: string } }>(
      SET_FLAG,
      { key: "nope", enabled: true },
      admin,
    );
    expect(unknown.data?.setFeatureFlag.code).toBe("FEATURE_FLAG_UNKNOWN");
  });
});

describe("conversionFunnel without an analytics engine", () => {
  it("answers DEVSTATS_ANALYTICS_UNAVAILABLE and the process still starts", async () => {
    const t = await startTestApp({ roles: ["api"] }); // PIN_ANALYTICS=off
    try {
      expect(t.app.devstats).toBeNull();
      const res = await t.graphql<FunnelAnswer>(
        FUNNEL,
        { filter: { from: "2026-03-01", to: "2026-03-02" } },
        await t.tokenFor("developer_manager"),
      );
      expect(res.data?.conversionFunnel.code).toBe("DEVSTATS_ANALYTICS_UNAVAILABLE");
    } finally {
      await t.stop();
    }
  });
});
