import type {
  BuildingStatus,
  ConstructionStatus,
  DeveloperStatus,
  ProjectClass,
  ProjectStatus,
  ProjectType,
  PropertyType,
  WindowViewKind,
} from "../../../contracts/chessboard-events.js";

/** Inputs of the structure commands (validated by the decide functions through structure.validation.ts). */
export interface DeveloperInput {
  readonly id: string;
  readonly name: string;
  readonly status?: DeveloperStatus;
  readonly logoFileId?: string | null;
}

export interface ProjectInput {
  readonly name: string;
  readonly status: ProjectStatus;
  readonly type: ProjectType;
  readonly class: ProjectClass;
  readonly constructionStatus: ConstructionStatus;
  readonly country: { readonly id: number; readonly name: string; readonly isoCode: string };
  readonly region: { readonly id: number; readonly name: string } | null;
  readonly city: { readonly id: number; readonly name: string } | null;
  readonly addressLine: string;
  readonly geo?: { readonly latitude: string; readonly longitude: string } | null;
  readonly stars?: number | null;
  readonly coverImageFileId?: string | null;
  readonly shortDescription?: string | null;
  readonly distanceMinutes?: number | null;
}

export interface BuildingInput {
  readonly name: string;
  readonly status: Exclude<BuildingStatus, "Hidden">;
  readonly floorsTotal: number;
  readonly sectionsCount: number;
  readonly deliveryYear?: number | null;
  readonly deliveryQuarter?: number | null;
  readonly readinessPercent?: number | null;
  readonly constructionStatus: ConstructionStatus;
  readonly addressLine?: string | null;
}

export interface PropertyObjectInput {
  readonly number: string;
  readonly floor: number;
  readonly section: number | null;
  readonly rooms: number;
  readonly totalArea: string;
  readonly livingArea: string | null;
  readonly propertyType: PropertyType;
  readonly windowViews?: readonly WindowViewKind[];
  readonly layoutId?: string | null;
  readonly layoutGroupId?: string | null;
  readonly capacity?: number | null;
}
