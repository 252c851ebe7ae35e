import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";

/**
 * Issue #25: a `system` token is a read-only service identity (docs/engineering/security.md, role table): it
 * may not change any developer's structure or prices; admin still may; the platform acting
 * in-process (seed, fixtures) still may.
 */
describeWithService("postgres", "the system token is read-only", () => {
  let t: TestApp;
  let structure: Structure;
  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"] });
    structure = await createStructure(t.db, t.clock, 1);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const reprice = async (token: string) => {
    const r = await t.graphql<{ changePropertyObjectPrice: { __typename: string; code?: string } }>(
      `mutation($id: ID!) { changePropertyObjectPrice(id: $id, price: "1.00") { __typename ... on Error { code } } }`,
      { id: structure.objectIds[0] },
      token,
    );
    return r.data?.changePropertyObjectPrice;
  };

  it("a system token cannot re-price (CHESSBOARD_FORBIDDEN) nor hide a building; the row is untouched; admin can", async () => {
    const system = await t.tokenFor("system");
    expect(await reprice(system)).toMatchObject({ code: "CHESSBOARD_FORBIDDEN" });
    const hide = await t.graphql<{ setChessboardBuildingHidden: { code?: string } }>(
      `mutation($id: ID!) { setChessboardBuildingHidden(id: $id, hidden: true) { __typename ... on Error { code } } }`,
      { id: structure.buildingId },
      system,
    );
    expect(hide.data?.setChessboardBuildingHidden).toMatchObject({ code: "CHESSBOARD_FORBIDDEN" });
    const row = await t.db.chessboardPropertyObject.findUniqueOrThrow({
      where: { id: structure.objectIds[0] },
    });
    expect(row.price.toString()).not.toBe("1");
    expect(await reprice(await t.tokenFor("admin"))).toMatchObject({
      __typename: "MutationChangePropertyObjectPriceSuccess",
    });
  });

  it("a system token still reads (the grid)", async () => {
    const r = await t.graphql(
      `query($id: ID!) { chessboard(buildingId: $id) { buildingName } }`,
      {
        id: structure.buildingId,
      },
      await t.tokenFor("system"),
    );
    expect(r.errors).toBeUndefined();
  });
});
