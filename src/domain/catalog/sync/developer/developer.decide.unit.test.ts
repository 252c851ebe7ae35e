import { describe, expect, it } from "vitest";
import { codeOf, DEV } from "../../../../../test/support/fixtures/catalog-cards.js";
import { developerEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { decideDeveloperUpsert } from "./developer.decide.js";

describe("B. DeveloperUpserted", () => {
  it("renames; no version guard; blank name is a contract gap", () => {
    expect(decideDeveloperUpsert(developerEvent({ Id: DEV, Name: "Новое имя" }))).toMatchObject({
      developerId: DEV,
      name: "Новое имя",
    });
    expect(codeOf(() => decideDeveloperUpsert(developerEvent({ Id: DEV, Name: "" })))).toBe(
      CATALOG_ERROR.contractFieldMissing,
    );
  });
});
