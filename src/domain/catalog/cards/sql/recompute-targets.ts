/** What a card recompute is asked to recompute: projects (card and lots), buildings (their lots), lots. */
export interface RecomputeTargets {
  readonly projectIds?: readonly string[];
  readonly buildingIds?: readonly string[];
  readonly propertyObjectIds?: readonly string[];
}
