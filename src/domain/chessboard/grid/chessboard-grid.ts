import type { PropertyObjectStatus } from "../../../contracts/chessboard-events.js";

/** One apartment cell of the grid. */
export interface GridCell {
  readonly id: string;
  readonly number: string;
  readonly floor: number;
  readonly section: number | null;
  readonly rooms: number;
  readonly totalArea: string;
  readonly price: string;
  readonly currency: string;
  readonly status: PropertyObjectStatus;
  readonly propertyType: string;
  readonly reservedUntil: Date | null;
  readonly bookedUntil: Date | null;
  /** The object's aggregate Version: live deltas not newer than it are dropped by clients. */
  readonly version: number;
}

export interface GridFloor {
  readonly floor: number;
  readonly cells: readonly GridCell[];
}

export interface GridSection {
  /** null groups objects without a section (e.g. parking) */
  readonly section: number | null;
  readonly floors: readonly GridFloor[];
}

export interface ChessboardGrid {
  readonly buildingId: string;
  readonly buildingName: string;
  readonly buildingStatus: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly tenantId: string;
  readonly floorsTotal: number;
  readonly sectionsCount: number;
  readonly sections: readonly GridSection[];
}

const byNumber = (a: GridCell, b: GridCell) => a.number.localeCompare(b.number, "en", { numeric: true });

/** Floors between the lowest and highest occupied floor are filled in when the span is at most this. */
const FILL_SPAN_MAX = 210;

/**
 * Lays cells out as sections × floors (top floor first, as a chessboard is read) from the objects
 * that exist — never from the building's declared FloorsTotal/SectionsCount (issue #13: a building
 * declared with absurd dimensions must not size a loop). Each section shows the floors from its
 * highest occupied floor down to its lowest (empty ones in between included, so the client draws a
 * complete grid), sections ordered by number, objects without a section (parking) last. Work and
 * output are O(objects + FILL_SPAN_MAX × sections).
 */
export function layoutGrid(cells: readonly GridCell[]): GridSection[] {
  const bySection = new Map<number | null, Map<number, GridCell[]>>();
  for (const cell of cells) {
    let floors = bySection.get(cell.section);
    if (!floors) {
      floors = new Map();
      bySection.set(cell.section, floors);
    }
    const onFloor = floors.get(cell.floor);
    if (onFloor) onFloor.push(cell);
    else floors.set(cell.floor, [cell]);
  }
  const sectionOrder = (a: number | null, b: number | null) =>
    (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);
  return [...bySection.keys()].sort(sectionOrder).map((section) => {
    const floors = bySection.get(section)!;
    const occupied = [...floors.keys()];
    const top = Math.max(...occupied);
    const bottom = Math.min(...occupied);
    const keys =
      section !== null && top - bottom <= FILL_SPAN_MAX
        ? // floor 0 does not exist in a building unless an object is on it
          Array.from({ length: top - bottom + 1 }, (_, i) => top - i).filter((f) => f !== 0 || floors.has(0))
        : occupied.sort((a, b) => b - a);
    return {
      section,
      floors: keys.map((floor) => ({ floor, cells: [...(floors.get(floor) ?? [])].sort(byNumber) })),
    };
  });
}
