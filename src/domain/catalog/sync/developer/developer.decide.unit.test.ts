import { describe, expect, it } from "vitest";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { codeOf, DEV } from "../test-cards.js";
import { developerEvent } from "../test-events.js";
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
