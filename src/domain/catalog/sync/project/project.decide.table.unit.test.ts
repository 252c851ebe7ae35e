import { describe, expect, it } from "vitest";
import { card, codeOf, DEV, PRJ } from "../../../../../test/support/fixtures/catalog-cards.js";
import { projectEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import type { CatalogProjectUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { decideProjectUpsert, KIND_MISMATCH_LIMIT } from "./project.decide.js";

const project = (o: Partial<CatalogProjectUpserted> = {}) =>
  projectEvent({ Id: PRJ, DeveloperId: DEV, TenantId: DEV, ...(o as object) });
const applied = (payload: CatalogProjectUpserted, state = null as ReturnType<typeof card> | null) => {
  const d = decideProjectUpsert(payload, state);
  if (d.kind !== "apply") throw new Error(d.kind);
  return d;
};

describe("A decide: the spec's mapping tables as the card gets them", () => {
  const STATUS = [
    ["Published", "Published"],
    ["Draft", "Hidden"],
    ["Hidden", "Hidden"],
    ["Archived", "Delisted"],
    ["Unknown", "Hidden"],
  ] as const;
  for (const [from, to] of STATUS) {
    it(`Status ${from} → sourceStatus ${to}`, () => {
      expect(applied(project({ Status: from as never })).source.sourceStatus).toBe(to);
    });
  }
  const KIND = [
    ["ResidentialComplex", "ResidentialComplex"],
    ["ApartHotel", "ApartHotel"],
    ["Hotel", "ApartHotel"],
    ["Villa", "ResidentialComplex"],
  ] as const;
  for (const [from, to] of KIND) {
    it(`Type ${from} → kind ${to}`, () => {
      expect(applied(project({ Type: from as never })).source.kind).toBe(to);
    });
  }
  const CLASS = [
    ["Comfort", "Comfort"],
    ["Elite", "Elite"],
    ["Standard", "Comfort"],
  ] as const;
  for (const [from, to] of CLASS) {
    it(`Class ${from} → propertyClass ${to}`, () => {
      expect(applied(project({ Class: from as never })).source.propertyClass).toBe(to);
    });
  }
  const CONSTRUCTION = [
    ["Planned", "Planned"],
    ["UnderConstruction", "InProgress"],
    ["Delivered", "Commissioned"],
    ["Commissioned", "Commissioned"],
  ] as const;
  for (const [from, to] of CONSTRUCTION) {
    it(`ConstructionStatus ${from} → ${to}`, () => {
      expect(applied(project({ ConstructionStatus: from as never })).source.constructionStatus).toBe(to);
    });
  }
});

describe("A decide: the Kind guard table (INV-4, the card keeps its Kind)", () => {
  const TABLE: ReadonlyArray<readonly [string, number, string]> = [
    ["same kind, earlier mismatches reset", 2, "0 ResidentialComplex"],
    ["first mismatch", 0, "1 ResidentialComplex"],
    ["second mismatch", 1, "2 ResidentialComplex"],
    [`mismatch number ${KIND_MISMATCH_LIMIT}`, KIND_MISMATCH_LIMIT - 1, CATALOG_ERROR.kindChanged],
  ];
  for (const [name, before, outcome] of TABLE) {
    it(`${name} → ${outcome}`, () => {
      const type = name.startsWith("same") ? "ResidentialComplex" : "ApartHotel";
      const payload = project({ Type: type, Version: 5 });
      const state = card({ kindMismatchCount: before, chessboardVersion: 4 });
      const code = codeOf(() => decideProjectUpsert(payload, state));
      if (code !== undefined) return expect(code).toBe(outcome);
      const d = applied(payload, state);
      expect(`${d.kindMismatchCount} ${d.source.kind}`).toBe(outcome);
    });
  }
});
