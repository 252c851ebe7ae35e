import { afterAll, describe, expect, it } from "vitest";
import { devToken, gqlAt, type StartedProcess, startNpmStart } from "../../support/npm-start.js";

/**
 * `npm start` with nothing configured, as a user runs it: embedded PostgreSQL, migrations, demo
 * data, every role in one process on the local event log. The demo agent books a seeded apartment
 * through GraphQL and the chessboard shows it Reserved; SIGTERM stops the process cleanly.
 */
interface Grid {
  chessboard: { sections: Array<{ floors: Array<{ cells: Array<{ id: string; status: string }> }> }> };
}

describe("npm start on embedded defaults", () => {
  let proc: StartedProcess | null = null;
  afterAll(async () => {
    await proc?.dispose();
  });

  it("serves GraphiQL with demo data; the demo agent books an apartment; SIGTERM stops cleanly", async () => {
    proc = await startNpmStart();
    const BASE = proc.base;
    const gql = <T>(token: string, query: string) => gqlAt<T>(BASE, token, query);
    await proc.ready;
    expect(proc.output()).toContain(`GraphiQL at ${BASE}/graphql`);
    expect((await fetch(`${BASE}/readyz`)).status).toBe(200);

    const token = await devToken(BASE);
    const { deals } = await gql<{
      deals: { edges: Array<{ node: { id: string; status: string; tenantId: string } }> };
    }>(token, "{ deals(first: 10) { edges { node { id status tenantId } } } }");
    const deal = deals.edges.map((e) => e.node).find((d) => d.status === "Application");
    expect(deal).toBeDefined();
    const { chessboardProjects } = await gql<{
      chessboardProjects: Array<{ buildings: Array<{ id: string }> }>;
    }>(token, `{ chessboardProjects(developerId: "${deal?.tenantId}") { buildings { id } } }`);
    const buildingId = chessboardProjects.flatMap((p) => p.buildings)[0]?.id ?? "";
    const gridQuery = `{ chessboard(buildingId: "${buildingId}") { sections { floors { cells { id status } } } } }`;
    const cells = (await gql<Grid>(token, gridQuery)).chessboard.sections.flatMap((s) =>
      s.floors.flatMap((f) => f.cells),
    );
    expect(cells.length).toBeGreaterThan(10);
    const free = cells.find((c) => c.status === "Free");
    expect(free).toBeDefined();
    const created = await gql<{ createBooking: { __typename: string; code?: string } }>(
      token,
      `mutation { createBooking(dealId: "${deal?.id}", propertyObjectId: "${free?.id}") { __typename ... on Error { code message } } }`,
    );
    expect(created.createBooking).toEqual({ __typename: "MutationCreateBookingSuccess" });

    // The status reaches the chessboard through the outbox, the local log and chessboard's consumer.
    await expect
      .poll(
        async () =>
          (await gql<Grid>(token, gridQuery)).chessboard.sections
            .flatMap((s) => s.floors.flatMap((f) => f.cells))
            .find((c) => c.id === free?.id)?.status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe("Reserved");

    const exited = new Promise<number | null>((resolve) => proc?.child.once("exit", (code) => resolve(code)));
    proc.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 240_000); // npm start waits up to 180 s for readiness on a loaded machine
});
