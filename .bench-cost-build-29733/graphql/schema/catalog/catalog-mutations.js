import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { parseDay, RebuildJobRef } from "./catalog-types.js";
const STAFF = "Allowed: pin_manager, admin.";
const staff = { role: ["pin_manager", "admin"] };
const OverrideTargetEnum = builder.enumType("DisplayOverrideTarget", {
  description: "What a display override applies to.",
  values: ["Project", "Building", "PropertyObject"]
});
const OverrideResultRef = builder.objectRef("DisplayOverrideResult").implement({
  description: "The override's target and what its recompute changed (effective values, visibility, aggregates).",
  fields: (t) => ({
    target: t.field({
      type: OverrideTargetEnum,
      resolve: (r) => r.target,
      description: "What the override applies to"
    }),
    targetId: t.exposeID("targetId", { description: "The id of that project, building or property object" }),
    expiresAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (r) => r.expiresAt,
      description: "When it stops applying; null when it does not expire"
    }),
    lotsChanged: t.int({
      resolve: (r) => r.recompute.lotsChanged,
      description: "Lot cards the recompute changed"
    }),
    projectsChanged: t.int({
      resolve: (r) => r.recompute.projectsChanged,
      description: "Project cards the recompute changed"
    })
  })
});
const ProjectOverrideInput = builder.inputType("ProjectDisplayOverrideInput", {
  description: "Null/absent = no override of that field. Setting replaces the whole override of the project.",
  fields: (t) => ({
    name: t.string({ required: false, description: "Complex name, \u2264 256" }),
    address: t.string({ required: false, description: "\u2264 512" }),
    stars: t.int({ required: false, description: "1..5" }),
    deliveryDate: t.string({ required: false, description: "YYYY-MM-DD" }),
    readinessPercent: t.int({ required: false, description: "0..100" }),
    distanceMinutes: t.int({ required: false, description: "0..1000" }),
    isVisible: t.boolean({ required: false, description: "false hides the project and all its lots" }),
    expiresAt: t.field({ type: "DateTime", required: false, description: "When it stops applying (future)" })
  })
});
const BuildingOverrideInput = builder.inputType("BuildingDisplayOverrideInput", {
  description: "Null/absent = no override of that field. Setting replaces the whole override of the building.",
  fields: (t) => ({
    deliveryDate: t.string({ required: false, description: "YYYY-MM-DD" }),
    readinessPercent: t.int({ required: false, description: "0..100" }),
    stars: t.int({ required: false, description: "1..5" }),
    distanceMinutes: t.int({ required: false, description: "0..1000" }),
    isVisible: t.boolean({ required: false, description: "false hides every lot of the building" }),
    expiresAt: t.field({
      type: "DateTime",
      required: false,
      description: "When it stops applying (future); omit for never"
    })
  })
});
const PropertyObjectOverrideInput = builder.inputType("PropertyObjectDisplayOverrideInput", {
  description: "Null/absent = no override of that field. Setting replaces the whole override of the lot.",
  fields: (t) => ({
    title: t.string({ required: false, description: "\u2264 256" }),
    price: t.field({ type: "Decimal", required: false, description: "> 0, RUB" }),
    badge: t.string({ required: false, description: "\u2264 64" }),
    isVisible: t.boolean({ required: false, description: "false hides the lot" }),
    expiresAt: t.field({
      type: "DateTime",
      required: false,
      description: "When it stops applying (future); omit for never"
    })
  })
});
const OVERRIDE_ERRORS = "Errors: CATALOG_OVERRIDE_INVALID, CATALOG_CARD_NOT_FOUND.";
builder.mutationField(
  "setProjectDisplayOverride",
  (t) => t.field({
    type: OverrideResultRef,
    description: `Override the storefront display of a project; recomputes the project, its lots and aggregates. ${STAFF} ${OVERRIDE_ERRORS}`,
    authScopes: staff,
    errors: {},
    args: {
      projectId: t.arg.id({ required: true }),
      input: t.arg({ type: ProjectOverrideInput, required: true })
    },
    resolve: (_r, { projectId, input }, ctx) => ctx.deps.services.catalog.overrides.setProject(
      String(projectId),
      { ...input, deliveryDate: parseDay("deliveryDate", input.deliveryDate) },
      requireViewer(ctx.viewer).userId
    )
  })
);
builder.mutationField(
  "setBuildingDisplayOverride",
  (t) => t.field({
    type: OverrideResultRef,
    description: `Override the storefront display of a building (its lots); recomputes them and the project's aggregates. ${STAFF} ${OVERRIDE_ERRORS}`,
    authScopes: staff,
    errors: {},
    args: {
      buildingId: t.arg.id({ required: true }),
      input: t.arg({ type: BuildingOverrideInput, required: true })
    },
    resolve: (_r, { buildingId, input }, ctx) => ctx.deps.services.catalog.overrides.setBuilding(
      String(buildingId),
      { ...input, deliveryDate: parseDay("deliveryDate", input.deliveryDate) },
      requireViewer(ctx.viewer).userId
    )
  })
);
builder.mutationField(
  "setPropertyObjectDisplayOverride",
  (t) => t.field({
    type: OverrideResultRef,
    description: `Override the storefront display of a lot; recomputes it and its project's aggregates. ${STAFF} ${OVERRIDE_ERRORS}`,
    authScopes: staff,
    errors: {},
    args: {
      propertyObjectId: t.arg.id({ required: true }),
      input: t.arg({ type: PropertyObjectOverrideInput, required: true })
    },
    resolve: (_r, { propertyObjectId, input }, ctx) => ctx.deps.services.catalog.overrides.setPropertyObject(
      String(propertyObjectId),
      input,
      requireViewer(ctx.viewer).userId
    )
  })
);
builder.mutationField(
  "deleteDisplayOverride",
  (t) => t.field({
    type: OverrideResultRef,
    description: `Remove a display override; the cards fall back to chessboard's values. ${STAFF} Errors: CATALOG_OVERRIDE_NOT_FOUND.`,
    authScopes: staff,
    errors: {},
    args: { target: t.arg({ type: OverrideTargetEnum, required: true }), id: t.arg.id({ required: true }) },
    resolve: (_r, { target, id }, ctx) => ctx.deps.services.catalog.overrides.remove(target, String(id))
  })
);
builder.mutationField(
  "rebuildProjections",
  (t) => t.field({
    type: RebuildJobRef,
    description: "Admin: recompute effective fields, visibility and aggregates of the given project/lot cards from their stored SourceSnapshot and live overrides (same as POST /api/admin/v1/projections/rebuild). A list that fits one chunk is done before the answer; a longer one is queued \u2014 follow `projectionRebuild(id)` for progress. Allowed: admin. Errors: CATALOG_REBUILD_INVALID.",
    authScopes: { role: ["admin"] },
    errors: {},
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_r, { ids }, ctx) => ctx.deps.services.catalog.rebuild.request(ids.map(String), requireViewer(ctx.viewer).userId)
  })
);
//# sourceMappingURL=catalog-mutations.js.map
