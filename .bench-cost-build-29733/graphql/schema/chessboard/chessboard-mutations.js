import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { TEXT, text } from "../../scalars/index.js";
import { BuildingFieldsInput, ProjectFieldsInput, PropertyObjectFieldsInput } from "./chessboard-inputs.js";
import { BuildingRef, DeveloperRef, ProjectRef, PropertyObjectRef } from "./chessboard-types.js";
const ACCESS = "Allowed: developer_manager of the developer; admin for any developer. Errors: CHESSBOARD_FORBIDDEN";
const projectInput = (i) => ({
  ...i,
  region: i.region ?? null,
  city: i.city ?? null,
  geo: i.geo ?? null,
  stars: i.stars ?? null,
  shortDescription: i.shortDescription ?? null,
  distanceMinutes: i.distanceMinutes ?? null
});
const buildingInput = (i) => ({ ...i, addressLine: i.addressLine ?? null });
const objectInput = (i) => ({
  ...i,
  section: i.section ?? null,
  livingArea: i.livingArea ?? null,
  windowViews: i.windowViews ?? [],
  layoutId: i.layoutId ? String(i.layoutId) : null,
  layoutGroupId: i.layoutGroupId ? String(i.layoutGroupId) : null,
  capacity: i.capacity ?? null
});
builder.mutationField(
  "upsertChessboardDeveloper",
  (t) => t.field({
    type: DeveloperRef,
    description: `Create or rename a developer (id = TenantId); publishes developer-upserted. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string({ required: true, validate: text(TEXT.short, "name") })
    },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.upsertDeveloper(requireViewer(ctx.viewer), {
      id: String(args.id),
      name: args.name
    })
  })
);
builder.mutationField(
  "createChessboardProject",
  (t) => t.field({
    type: ProjectRef,
    description: `Create a project; publishes project-upserted. ${ACCESS}, CHESSBOARD_DEVELOPER_NOT_FOUND, CHESSBOARD_INVALID_INPUT`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      developerId: t.arg.id({ required: true }),
      input: t.arg({ type: ProjectFieldsInput, required: true })
    },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.createProject(requireViewer(ctx.viewer), {
      ...projectInput(args.input),
      tenantId: String(args.developerId)
    })
  })
);
builder.mutationField(
  "updateChessboardProject",
  (t) => t.field({
    type: ProjectRef,
    description: `Update a project; publishes project-upserted with the next Version. ${ACCESS}, CHESSBOARD_PROJECT_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProjectFieldsInput, required: true }) },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.updateProject(
      requireViewer(ctx.viewer),
      String(args.id),
      projectInput(args.input)
    )
  })
);
builder.mutationField(
  "createChessboardBuilding",
  (t) => t.field({
    type: BuildingRef,
    description: `Create a building; publishes building-upserted. ${ACCESS}, CHESSBOARD_PROJECT_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      projectId: t.arg.id({ required: true }),
      input: t.arg({ type: BuildingFieldsInput, required: true })
    },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.createBuilding(requireViewer(ctx.viewer), {
      ...buildingInput(args.input),
      projectId: String(args.projectId)
    })
  })
);
builder.mutationField(
  "updateChessboardBuilding",
  (t) => t.field({
    type: BuildingRef,
    description: `Update a building; publishes building-upserted. ${ACCESS}, CHESSBOARD_BUILDING_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BuildingFieldsInput, required: true }) },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.updateBuilding(
      requireViewer(ctx.viewer),
      String(args.id),
      buildingInput(args.input)
    )
  })
);
builder.mutationField(
  "setChessboardBuildingHidden",
  (t) => t.field({
    type: BuildingRef,
    description: `Hide (or show) a building: publishes a Hidden (or restored) status for each of its objects. Refused while any object is on hold: CHESSBOARD_PROPERTY_OBJECT_ON_HOLD. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), hidden: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.setBuildingHidden(
      requireViewer(ctx.viewer),
      String(args.id),
      args.hidden
    )
  })
);
builder.mutationField(
  "createPropertyObject",
  (t) => t.field({
    type: PropertyObjectRef,
    description: `Create an apartment/parking/commercial unit (price in RUB); publishes property-object-upserted. ${ACCESS}, CHESSBOARD_BUILDING_NOT_FOUND, CHESSBOARD_INVALID_INPUT, CHESSBOARD_PROPERTY_OBJECT_NUMBER_TAKEN`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      buildingId: t.arg.id({ required: true }),
      price: t.arg({ type: "Decimal", required: true }),
      input: t.arg({ type: PropertyObjectFieldsInput, required: true })
    },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.createPropertyObject(requireViewer(ctx.viewer), {
      ...objectInput(args.input),
      buildingId: String(args.buildingId),
      price: args.price
    })
  })
);
builder.mutationField(
  "updatePropertyObject",
  (t) => t.field({
    type: PropertyObjectRef,
    description: `Update an object's passport (not price/status); publishes property-object-upserted. ${ACCESS}, CHESSBOARD_PROPERTY_OBJECT_NOT_FOUND`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: PropertyObjectFieldsInput, required: true })
    },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.updatePropertyObject(
      requireViewer(ctx.viewer),
      String(args.id),
      objectInput(args.input)
    )
  })
);
builder.mutationField(
  "changePropertyObjectPrice",
  (t) => t.field({
    type: PropertyObjectRef,
    description: `Change the price (RUB); publishes property-object-price-changed. Refused on hold: CHESSBOARD_PROPERTY_OBJECT_ON_HOLD. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), price: t.arg({ type: "Decimal", required: true }) },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.changePrice(
      requireViewer(ctx.viewer),
      String(args.id),
      args.price
    )
  })
);
builder.mutationField(
  "setPropertyObjectHidden",
  (t) => t.field({
    type: PropertyObjectRef,
    description: `Hide (or show) one object; publishes property-object-status-changed. Refused on hold: CHESSBOARD_PROPERTY_OBJECT_ON_HOLD. ${ACCESS}`,
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }), hidden: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) => ctx.deps.services.chessboard.structure.setPropertyObjectHidden(
      requireViewer(ctx.viewer),
      String(args.id),
      args.hidden
    )
  })
);
//# sourceMappingURL=chessboard-mutations.js.map
