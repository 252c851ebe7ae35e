import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRewardsClient,
  REWARDS_COMMISSION_PATH,
} from "../../../src/domain/catalog/rewards/rewards-commission.client.js";
import { startFakeRewards } from "./fake-rewards-server.js";

const query = {
  propertyObjectId: "55555555-5555-4555-8555-555555555555",
  projectId: "33333333-3333-4333-8333-333333333333",
  developerId: "11111111-1111-4111-8111-111111111111",
  layoutId: null,
  layoutGroupId: null,
  rooms: 2,
  totalArea: "54.10",
  propertyType: "Apartment",
};

describe("rewards commission client over HTTP", () => {
  let rewards: Awaited<ReturnType<typeof startFakeRewards>>;
  beforeAll(async () => {
    rewards = await startFakeRewards();
  });
  afterAll(async () => rewards.close());

  it("posts the matching fields and returns the commission", async () => {
    rewards.mode = "ok";
    const client = createRewardsClient({ baseUrl: rewards.url, timeoutMs: 1000 });
    await expect(client.commissionFor(query)).resolves.toEqual({ kind: "matched", commission: "150000.00" });
    expect(rewards.requests.at(-1)).toMatchObject({
      path: REWARDS_COMMISSION_PATH,
      rooms: 2,
      totalArea: "54.10",
    });
  });
  it("no matching rule → null commission", async () => {
    rewards.mode = "ok";
    rewards.commission = null;
    const client = createRewardsClient({ baseUrl: rewards.url, timeoutMs: 1000 });
    await expect(client.commissionFor(query)).resolves.toEqual({ kind: "matched", commission: null });
    rewards.commission = "150000.00";
  });
  it("an HTTP error, a timeout, a malformed body or a closed port are 'unavailable', never a throw", async () => {
    const client = createRewardsClient({ baseUrl: rewards.url, timeoutMs: 200 });
    rewards.mode = "down";
    await expect(client.commissionFor(query)).resolves.toEqual({ kind: "unavailable", reason: "http 503" });
    rewards.mode = "slow";
    await expect(client.commissionFor(query)).resolves.toEqual({ kind: "unavailable", reason: "timeout" });
    rewards.mode = "garbage";
    await expect(client.commissionFor(query)).resolves.toMatchObject({ kind: "unavailable" });
    const closed = createRewardsClient({ baseUrl: "http://127.0.0.1:1", timeoutMs: 200 });
    await expect(closed.commissionFor(query)).resolves.toMatchObject({ kind: "unavailable" });
  });
  it("no URL → disabled", async () => {
    const client = createRewardsClient({ baseUrl: null, timeoutMs: 200 });
    expect(client.enabled).toBe(false);
    await expect(client.commissionFor(query)).resolves.toEqual({ kind: "disabled" });
  });
});
