/**
 * What the catalog read path returns (plain objects, no Prisma types): the GraphQL layer maps these.
 * Money and areas are decimal strings; dates are Date (delivery dates at UTC midnight).
 */
export interface LotView {
  readonly id: string;
  readonly projectId: string;
  readonly buildingId: string;
  readonly developerId: string;
  readonly status: string;
  readonly propertyObjectStatus: string;
  readonly title: string;
  readonly number: string;
  readonly floor: number;
  readonly roomsCount: number;
  readonly areaTotal: string;
  readonly areaLiving: string | null;
  readonly view: string | null;
  readonly propertyType: string | null;
  readonly typeName: string;
  readonly price: string;
  readonly pricePerMeter: string;
  readonly badge: string | null;
  readonly stars: number | null;
  readonly deliveryDate: Date | null;
  readonly readinessPercent: number | null;
  readonly distanceMinutes: number | null;
  readonly projectName: string | null;
  readonly projectKind: string | null;
  readonly propertyClass: string | null;
  readonly constructionStatus: string | null;
  readonly regionId: number | null;
  readonly regionName: string | null;
  readonly cityId: number | null;
  readonly cityName: string | null;
  readonly address: string | null;
  readonly developerName: string | null;
  readonly coverFileId: string | null;
  readonly buildingName: string | null;
  readonly floorsTotal: number | null;
  /** Shown to agents and platform staff only (the GraphQL field rule) */
  readonly agentCommission: string | null;
  readonly publishedAt: Date | null;
  readonly geoLatitude: string | null;
  readonly geoLongitude: string | null;
  /** Metres from the `near` point of the request (null without one) */
  readonly distanceMeters: number | null;
}

export interface ProjectCardView {
  readonly id: string;
  readonly status: string;
  readonly developerId: string;
  readonly developerName: string;
  readonly developerLogoFileId: string | null;
  readonly kind: string;
  readonly propertyClass: string;
  readonly constructionStatus: string;
  readonly regionId: number | null;
  readonly regionName: string | null;
  readonly cityId: number | null;
  readonly cityName: string | null;
  readonly coverFileId: string | null;
  readonly shortDescription: string | null;
  readonly geoLatitude: string | null;
  readonly geoLongitude: string | null;
  readonly name: string;
  readonly address: string;
  readonly stars: number | null;
  readonly deliveryDate: Date | null;
  readonly readinessPercent: number | null;
  readonly distanceMinutes: number | null;
  readonly minPrice: string | null;
  readonly maxPrice: string | null;
  readonly propertyObjectsTotal: number;
  readonly propertyObjectsAvailable: number;
  readonly publishedAt: Date | null;
}

/** SourceSnapshot of a card: what chessboard said last (project: name/address; lot: title/price/badge). */
export interface SourceSnapshotView {
  readonly contractVersion: number;
  readonly chessboardVersion: number;
  readonly name: string | null;
  readonly address: string | null;
  readonly title: string | null;
  readonly price: string | null;
  readonly badge: string | null;
  readonly stars: number | null;
  readonly deliveryDate: Date | null;
  readonly readinessPercent: number | null;
  readonly distanceMinutes: number | null;
  /** Project cards: when invest-analytics last filled the card's figures; null until then (lots: always null). */
  readonly analyticsAsOf: Date | null;
}

/** The admin read of a full card: effective values, SourceSnapshot and sync marks. */
export interface AdminCardView {
  readonly id: string;
  readonly cardType: "Project" | "PropertyObject";
  readonly status: string;
  readonly chessboardVersion: number;
  readonly chessboardSyncedAt: Date;
  readonly rowVersion: number;
  readonly updatedAt: Date;
  readonly sourceSnapshot: SourceSnapshotView;
  readonly project: ProjectCardView | null;
  readonly lot: LotView | null;
}

export interface FacetValue<K> {
  readonly value: K;
  readonly label: string | null;
  readonly count: number;
}

export interface Bounds {
  readonly min: string | null;
  readonly max: string | null;
  readonly count: number;
}

/** Filter values of what is published, each with its count under the current filter. */
export interface CatalogFiltersView {
  readonly total: number;
  readonly regions: ReadonlyArray<FacetValue<number>>;
  readonly cities: ReadonlyArray<FacetValue<number>>;
  readonly rooms: ReadonlyArray<FacetValue<number>>;
  readonly price: Bounds;
  readonly area: Bounds;
}

/** The facets of issue 27 (CatalogFiltersView & SearchFacetsView is what catalogFilters returns). */
export interface SearchFacetsView {
  readonly propertyClasses: ReadonlyArray<FacetValue<string>>;
  readonly constructionStatuses: ReadonlyArray<FacetValue<string>>;
  readonly developers: ReadonlyArray<FacetValue<string>>;
  readonly projects: ReadonlyArray<FacetValue<string>>;
  /** "YYYY-QN" of the delivery date */
  readonly deliveryQuarters: ReadonlyArray<FacetValue<string>>;
  readonly pricePerMeter: Bounds;
  readonly floors: Bounds;
}

/** One grid cell of the map clusters. */
export interface LotClusterView {
  /** Web-mercator cell coordinates at the cell zoom (tile zoom + 2: 4×4 cells a 256-px tile) */
  readonly x: number;
  readonly y: number;
  readonly count: number;
  /** Mean position of the cell's lots (where to draw the cluster) */
  readonly latitude: string;
  readonly longitude: string;
  readonly minPrice: string;
  /** One lot id when the cell holds a single lot (draw a pin instead of a cluster) */
  readonly lotId: string | null;
}

export interface LotClustersView {
  readonly zoom: number;
  readonly cellZoom: number;
  readonly total: number;
  readonly cells: readonly LotClusterView[];
  /** More cells than the limit: the densest were kept */
  readonly truncated: boolean;
}

export const REBUILD_JOB_STATUSES = ["Queued", "Running", "Done", "Failed"] as const;
export type RebuildJobStatus = (typeof REBUILD_JOB_STATUSES)[number];

export interface RebuildJobView {
  readonly id: string;
  readonly status: RebuildJobStatus;
  readonly total: number;
  readonly processed: number;
  readonly notFound: number;
  readonly lotsChanged: number;
  readonly projectsChanged: number;
  readonly requestedBy: string;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
  readonly error: string | null;
}
