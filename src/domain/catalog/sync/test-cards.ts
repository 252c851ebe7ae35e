/**
 * Card states and ids for the decide unit tests of the sync flows (pure: no database). Next to
 * test-events.ts, which builds the payloads.
 */
import type { LotCardState } from "../cards/card-reads.js";
import type { ProjectCardState } from "./project/project.decide.js";

export const DEV = "11111111-1111-4111-8111-111111111111";
export const OTHER = "22222222-2222-4222-8222-222222222222";
export const PRJ = "33333333-3333-4333-8333-333333333333";
export const BLD = "44444444-4444-4444-8444-444444444444";
export const LOT = "55555555-5555-4555-8555-555555555555";

export const card = (o: Partial<ProjectCardState> = {}): ProjectCardState => ({
  id: PRJ,
  developerId: DEV,
  kind: "ResidentialComplex",
  kindMismatchCount: 0,
  chessboardVersion: 1,
  rowVersion: 1,
  ...o,
});
export const lotCard = (o: Partial<LotCardState> = {}): LotCardState => ({
  id: LOT,
  projectId: PRJ,
  developerId: DEV,
  status: "Published",
  chessboardVersion: 1,
  rowVersion: 1,
  layoutId: null,
  layoutGroupId: null,
  roomsCount: 2,
  areaTotal: "54.10",
  propertyType: "Apartment",
  ...o,
});

/** The `code` of the typed error `f` throws (undefined when it does not throw). */
export function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}
