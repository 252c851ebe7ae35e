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

/**
 * Lays cells out as sections × floors (top floor first, as a chessboard is read). Every section of
 * the building gets every floor 1..FloorsTotal, even when empty, plus any floor an object is on
 * (basements), so the client draws a complete grid without computing it.
 */
export function layoutGrid(
  building: { sectionsCount: number; floorsTotal: number },
  cells: readonly GridCell[],
): GridSection[] {
  const sectionKeys = new Set<number | null>();
  for (let s = 1; s <= building.sectionsCount; s++) sectionKeys.add(s);
  for (const cell of cells) sectionKeys.add(cell.section);

  const sections: GridSection[] = [];
  for (const section of [...sectionKeys].sort(
    (a, b) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER),
  )) {
    const inSection = cells.filter((c) => c.section === section);
    const floorKeys = new Set<number>();
    if (section !== null) for (let f = 1; f <= building.floorsTotal; f++) floorKeys.add(f);
    for (const cell of inSection) floorKeys.add(cell.floor);
    const floors = [...floorKeys]
      .sort((a, b) => b - a)
      .map((floor) => ({ floor, cells: inSection.filter((c) => c.floor === floor).sort(byNumber) }));
    sections.push({ section, floors });
  }
  return sections;
}
