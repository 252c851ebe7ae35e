import * as runtime from "@prisma/client/runtime/index-browser";
const Decimal = runtime.Decimal;
const NullTypes = {
  DbNull: runtime.NullTypes.DbNull,
  JsonNull: runtime.NullTypes.JsonNull,
  AnyNull: runtime.NullTypes.AnyNull
};
const DbNull = runtime.DbNull;
const JsonNull = runtime.JsonNull;
const AnyNull = runtime.AnyNull;
const ModelName = {
  CatalogProjectionRebuildJob: "CatalogProjectionRebuildJob",
  CatalogProjectCard: "CatalogProjectCard",
  CatalogBuildingSnapshot: "CatalogBuildingSnapshot",
  CatalogPropertyObjectCard: "CatalogPropertyObjectCard",
  CatalogProjectDisplayOverride: "CatalogProjectDisplayOverride",
  CatalogBuildingDisplayOverride: "CatalogBuildingDisplayOverride",
  CatalogPropertyObjectDisplayOverride: "CatalogPropertyObjectDisplayOverride",
  CatalogSavedSearch: "CatalogSavedSearch",
  CatalogSavedSearchUserAlert: "CatalogSavedSearchUserAlert",
  CatalogSavedSearchAlertBudget: "CatalogSavedSearchAlertBudget",
  CatalogLotOffSale: "CatalogLotOffSale",
  CatalogLotAlertChange: "CatalogLotAlertChange",
  CatalogSearchWord: "CatalogSearchWord",
  CatalogSearchLotLexeme: "CatalogSearchLotLexeme",
  CatalogLotFacetDirty: "CatalogLotFacetDirty",
  ChessboardDeveloper: "ChessboardDeveloper",
  ChessboardProject: "ChessboardProject",
  ChessboardBuilding: "ChessboardBuilding",
  ChessboardPropertyObject: "ChessboardPropertyObject",
  ChessboardFinishedBooking: "ChessboardFinishedBooking",
  CrmDeal: "CrmDeal",
  CrmBooking: "CrmBooking",
  CrmTimelineEntry: "CrmTimelineEntry",
  CrmBookingProgram: "CrmBookingProgram",
  CrmPropertyObjectReplica: "CrmPropertyObjectReplica",
  CrmDeveloperReplica: "CrmDeveloperReplica",
  FeatureFlag: "FeatureFlag",
  MessengerDealChat: "MessengerDealChat",
  MessengerMessage: "MessengerMessage",
  MessengerChatRead: "MessengerChatRead",
  MessengerPropertyObject: "MessengerPropertyObject",
  NotificationDealParticipants: "NotificationDealParticipants",
  Notification: "Notification",
  NotificationRead: "NotificationRead",
  OutboxMessage: "OutboxMessage",
  EventLogEntry: "EventLogEntry",
  ConsumerOffset: "ConsumerOffset",
  ProcessedMessage: "ProcessedMessage",
  ParkedMessage: "ParkedMessage",
  DeadLetter: "DeadLetter"
};
const TransactionIsolationLevel = runtime.makeStrictEnum({
  ReadUncommitted: "ReadUncommitted",
  ReadCommitted: "ReadCommitted",
  RepeatableRead: "RepeatableRead",
  Serializable: "Serializable"
});
const CatalogProjectionRebuildJobScalarFieldEnum = {
  id: "id",
  status: "status",
  ids: "ids",
  total: "total",
  processed: "processed",
  notFound: "notFound",
  lotsChanged: "lotsChanged",
  projectsChanged: "projectsChanged",
  requestedBy: "requestedBy",
  error: "error",
  createdAt: "createdAt",
  startedAt: "startedAt",
  finishedAt: "finishedAt"
};
const CatalogProjectCardScalarFieldEnum = {
  id: "id",
  developerId: "developerId",
  developerName: "developerName",
  developerLogoFileId: "developerLogoFileId",
  status: "status",
  sourceStatus: "sourceStatus",
  kind: "kind",
  kindMismatchCount: "kindMismatchCount",
  propertyClass: "propertyClass",
  constructionStatus: "constructionStatus",
  regionId: "regionId",
  regionName: "regionName",
  cityId: "cityId",
  cityName: "cityName",
  coverFileId: "coverFileId",
  shortDescription: "shortDescription",
  geoLatitude: "geoLatitude",
  geoLongitude: "geoLongitude",
  name: "name",
  address: "address",
  stars: "stars",
  deliveryDate: "deliveryDate",
  readinessPercent: "readinessPercent",
  distanceMinutes: "distanceMinutes",
  sourceContractVersion: "sourceContractVersion",
  sourceName: "sourceName",
  sourceAddress: "sourceAddress",
  sourceStars: "sourceStars",
  sourceDeliveryDate: "sourceDeliveryDate",
  sourceReadinessPercent: "sourceReadinessPercent",
  sourceDistanceMinutes: "sourceDistanceMinutes",
  analyticsAsOf: "analyticsAsOf",
  chessboardVersion: "chessboardVersion",
  minPrice: "minPrice",
  maxPrice: "maxPrice",
  propertyObjectsTotal: "propertyObjectsTotal",
  propertyObjectsAvailable: "propertyObjectsAvailable",
  aggregatesRecomputedAt: "aggregatesRecomputedAt",
  developerPriority: "developerPriority",
  promotionBoost: "promotionBoost",
  popularityViews: "popularityViews",
  popularityScore: "popularityScore",
  publishedAt: "publishedAt",
  chessboardSyncedAt: "chessboardSyncedAt",
  rowVersion: "rowVersion",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const CatalogBuildingSnapshotScalarFieldEnum = {
  id: "id",
  projectId: "projectId",
  name: "name",
  floorsTotal: "floorsTotal",
  deliveryDate: "deliveryDate",
  readinessPercent: "readinessPercent",
  chessboardVersion: "chessboardVersion",
  chessboardSyncedAt: "chessboardSyncedAt",
  updatedAt: "updatedAt"
};
const CatalogPropertyObjectCardScalarFieldEnum = {
  id: "id",
  projectId: "projectId",
  buildingId: "buildingId",
  developerId: "developerId",
  layoutId: "layoutId",
  layoutGroupId: "layoutGroupId",
  status: "status",
  propertyObjectStatus: "propertyObjectStatus",
  number: "number",
  floor: "floor",
  roomsCount: "roomsCount",
  areaTotal: "areaTotal",
  areaLiving: "areaLiving",
  view: "view",
  propertyType: "propertyType",
  typeName: "typeName",
  title: "title",
  price: "price",
  pricePerMeter: "pricePerMeter",
  badge: "badge",
  stars: "stars",
  deliveryDate: "deliveryDate",
  readinessPercent: "readinessPercent",
  distanceMinutes: "distanceMinutes",
  geoLatitude: "geoLatitude",
  geoLongitude: "geoLongitude",
  searchText: "searchText",
  sourceContractVersion: "sourceContractVersion",
  sourceTitle: "sourceTitle",
  sourcePrice: "sourcePrice",
  sourceBadge: "sourceBadge",
  sourceStars: "sourceStars",
  sourceDeliveryDate: "sourceDeliveryDate",
  sourceReadinessPercent: "sourceReadinessPercent",
  sourceDistanceMinutes: "sourceDistanceMinutes",
  chessboardVersion: "chessboardVersion",
  projectName: "projectName",
  projectKind: "projectKind",
  propertyClass: "propertyClass",
  constructionStatus: "constructionStatus",
  regionId: "regionId",
  regionName: "regionName",
  cityId: "cityId",
  cityName: "cityName",
  address: "address",
  developerName: "developerName",
  coverFileId: "coverFileId",
  buildingName: "buildingName",
  floorsTotal: "floorsTotal",
  agentCommission: "agentCommission",
  commissionRecomputedAt: "commissionRecomputedAt",
  developerPriority: "developerPriority",
  promotionBoost: "promotionBoost",
  popularityViews: "popularityViews",
  popularityScore: "popularityScore",
  publishedAt: "publishedAt",
  chessboardSyncedAt: "chessboardSyncedAt",
  rowVersion: "rowVersion",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const CatalogProjectDisplayOverrideScalarFieldEnum = {
  projectId: "projectId",
  name: "name",
  address: "address",
  stars: "stars",
  deliveryDate: "deliveryDate",
  readinessPercent: "readinessPercent",
  distanceMinutes: "distanceMinutes",
  isVisible: "isVisible",
  expiresAt: "expiresAt",
  setBy: "setBy",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const CatalogBuildingDisplayOverrideScalarFieldEnum = {
  buildingId: "buildingId",
  projectId: "projectId",
  deliveryDate: "deliveryDate",
  readinessPercent: "readinessPercent",
  stars: "stars",
  distanceMinutes: "distanceMinutes",
  isVisible: "isVisible",
  expiresAt: "expiresAt",
  setBy: "setBy",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const CatalogPropertyObjectDisplayOverrideScalarFieldEnum = {
  propertyObjectId: "propertyObjectId",
  title: "title",
  price: "price",
  badge: "badge",
  isVisible: "isVisible",
  expiresAt: "expiresAt",
  setBy: "setBy",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const CatalogSavedSearchScalarFieldEnum = {
  id: "id",
  userId: "userId",
  name: "name",
  filter: "filter",
  query: "query",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const CatalogSavedSearchUserAlertScalarFieldEnum = {
  userId: "userId",
  lotId: "lotId",
  day: "day"
};
const CatalogSavedSearchAlertBudgetScalarFieldEnum = {
  userId: "userId",
  day: "day",
  notified: "notified",
  digested: "digested",
  heldBack: "heldBack"
};
const CatalogLotOffSaleScalarFieldEnum = {
  lotId: "lotId",
  since: "since"
};
const CatalogLotAlertChangeScalarFieldEnum = {
  id: "id",
  lotId: "lotId",
  kind: "kind",
  oldPrice: "oldPrice",
  newPrice: "newPrice",
  createdAt: "createdAt",
  offSaleSeconds: "offSaleSeconds"
};
const CatalogSearchWordScalarFieldEnum = {
  word: "word"
};
const CatalogSearchLotLexemeScalarFieldEnum = {
  lexeme: "lexeme"
};
const CatalogLotFacetDirtyScalarFieldEnum = {
  projectId: "projectId",
  since: "since"
};
const ChessboardDeveloperScalarFieldEnum = {
  id: "id",
  name: "name",
  status: "status",
  logoFileId: "logoFileId",
  version: "version",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const ChessboardProjectScalarFieldEnum = {
  id: "id",
  tenantId: "tenantId",
  status: "status",
  name: "name",
  type: "type",
  class: "class",
  constructionStatus: "constructionStatus",
  countryId: "countryId",
  countryName: "countryName",
  countryIsoCode: "countryIsoCode",
  regionId: "regionId",
  regionName: "regionName",
  cityId: "cityId",
  cityName: "cityName",
  stars: "stars",
  coverImageFileId: "coverImageFileId",
  addressLine: "addressLine",
  geoLatitude: "geoLatitude",
  geoLongitude: "geoLongitude",
  shortDescription: "shortDescription",
  distanceMinutes: "distanceMinutes",
  currencyIsoCode: "currencyIsoCode",
  version: "version",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const ChessboardBuildingScalarFieldEnum = {
  id: "id",
  tenantId: "tenantId",
  projectId: "projectId",
  status: "status",
  name: "name",
  floorsTotal: "floorsTotal",
  sectionsCount: "sectionsCount",
  deliveryYear: "deliveryYear",
  deliveryQuarter: "deliveryQuarter",
  readinessPercent: "readinessPercent",
  constructionStatus: "constructionStatus",
  addressLine: "addressLine",
  version: "version",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const ChessboardPropertyObjectScalarFieldEnum = {
  id: "id",
  tenantId: "tenantId",
  projectId: "projectId",
  buildingId: "buildingId",
  layoutId: "layoutId",
  layoutGroupId: "layoutGroupId",
  propertyType: "propertyType",
  number: "number",
  floor: "floor",
  section: "section",
  rooms: "rooms",
  totalArea: "totalArea",
  livingArea: "livingArea",
  price: "price",
  currencyIsoCode: "currencyIsoCode",
  windowViews: "windowViews",
  capacity: "capacity",
  status: "status",
  hiddenSelf: "hiddenSelf",
  hiddenByBuilding: "hiddenByBuilding",
  holdDealId: "holdDealId",
  holdBookingId: "holdBookingId",
  holdBookingVersion: "holdBookingVersion",
  holdSince: "holdSince",
  reservedUntil: "reservedUntil",
  bookedUntil: "bookedUntil",
  soldAt: "soldAt",
  statusChangedAt: "statusChangedAt",
  version: "version",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const ChessboardFinishedBookingScalarFieldEnum = {
  propertyObjectId: "propertyObjectId",
  bookingId: "bookingId",
  dealId: "dealId",
  lastVersion: "lastVersion",
  outcome: "outcome",
  finishedAt: "finishedAt"
};
const CrmDealScalarFieldEnum = {
  id: "id",
  tenantId: "tenantId",
  status: "status",
  agentUserId: "agentUserId",
  investorUserId: "investorUserId",
  createdByUserId: "createdByUserId",
  title: "title",
  cancelReason: "cancelReason",
  createdAt: "createdAt",
  updatedAt: "updatedAt",
  version: "version"
};
const CrmBookingScalarFieldEnum = {
  id: "id",
  dealId: "dealId",
  propertyObjectId: "propertyObjectId",
  tenantId: "tenantId",
  status: "status",
  initiatedBy: "initiatedBy",
  initiatedByUserId: "initiatedByUserId",
  reserveDurationMinutes: "reserveDurationMinutes",
  bookingDurationHours: "bookingDurationHours",
  isPaid: "isPaid",
  reserveExpiresAt: "reserveExpiresAt",
  bookingExpiresAt: "bookingExpiresAt",
  paymentStatus: "paymentStatus",
  contractFileId: "contractFileId",
  receiptFileId: "receiptFileId",
  requisiteSetId: "requisiteSetId",
  cancelReason: "cancelReason",
  createdAt: "createdAt",
  confirmedAt: "confirmedAt",
  endedAt: "endedAt",
  updatedAt: "updatedAt",
  version: "version"
};
const CrmTimelineEntryScalarFieldEnum = {
  id: "id",
  dealId: "dealId",
  bookingId: "bookingId",
  entity: "entity",
  action: "action",
  fromStatus: "fromStatus",
  toStatus: "toStatus",
  actorUserId: "actorUserId",
  reason: "reason",
  at: "at"
};
const CrmBookingProgramScalarFieldEnum = {
  id: "id",
  tenantId: "tenantId",
  name: "name",
  reserveDurationMinutes: "reserveDurationMinutes",
  bookingDurationHours: "bookingDurationHours",
  isPaid: "isPaid",
  isDefault: "isDefault",
  createdAt: "createdAt"
};
const CrmPropertyObjectReplicaScalarFieldEnum = {
  id: "id",
  tenantId: "tenantId",
  projectId: "projectId",
  buildingId: "buildingId",
  status: "status",
  version: "version",
  updatedAt: "updatedAt",
  holdBookingId: "holdBookingId"
};
const CrmDeveloperReplicaScalarFieldEnum = {
  id: "id",
  status: "status",
  version: "version",
  updatedAt: "updatedAt"
};
const FeatureFlagScalarFieldEnum = {
  key: "key",
  enabled: "enabled",
  updatedAt: "updatedAt",
  updatedBy: "updatedBy"
};
const MessengerDealChatScalarFieldEnum = {
  dealId: "dealId",
  tenantId: "tenantId",
  agentUserId: "agentUserId",
  investorUserId: "investorUserId",
  lastMessageId: "lastMessageId",
  createdAt: "createdAt",
  updatedAt: "updatedAt"
};
const MessengerMessageScalarFieldEnum = {
  id: "id",
  dealId: "dealId",
  kind: "kind",
  authorUserId: "authorUserId",
  body: "body",
  cardKind: "cardKind",
  bookingId: "bookingId",
  card: "card",
  sourceMessageId: "sourceMessageId",
  createdAt: "createdAt"
};
const MessengerChatReadScalarFieldEnum = {
  dealId: "dealId",
  userId: "userId",
  lastReadMessageId: "lastReadMessageId",
  updatedAt: "updatedAt"
};
const MessengerPropertyObjectScalarFieldEnum = {
  id: "id",
  tenantId: "tenantId",
  number: "number",
  floor: "floor",
  price: "price",
  currency: "currency",
  version: "version",
  updatedAt: "updatedAt"
};
const NotificationDealParticipantsScalarFieldEnum = {
  dealId: "dealId",
  tenantId: "tenantId",
  agentUserId: "agentUserId",
  investorUserId: "investorUserId",
  updatedAt: "updatedAt"
};
const NotificationScalarFieldEnum = {
  id: "id",
  recipientKind: "recipientKind",
  recipientId: "recipientId",
  excludedUserId: "excludedUserId",
  kind: "kind",
  title: "title",
  dealId: "dealId",
  bookingId: "bookingId",
  lotId: "lotId",
  savedSearchId: "savedSearchId",
  sourceMessageId: "sourceMessageId",
  createdAt: "createdAt"
};
const NotificationReadScalarFieldEnum = {
  userId: "userId",
  notificationId: "notificationId",
  readAt: "readAt"
};
const OutboxMessageScalarFieldEnum = {
  id: "id",
  messageId: "messageId",
  topic: "topic",
  key: "key",
  payload: "payload",
  metadata: "metadata",
  createdAt: "createdAt",
  publishedAt: "publishedAt"
};
const EventLogEntryScalarFieldEnum = {
  id: "id",
  topic: "topic",
  key: "key",
  value: "value",
  headers: "headers",
  appendedAt: "appendedAt"
};
const ConsumerOffsetScalarFieldEnum = {
  groupId: "groupId",
  topic: "topic",
  lastId: "lastId",
  updatedAt: "updatedAt"
};
const ProcessedMessageScalarFieldEnum = {
  dedupHash: "dedupHash",
  groupId: "groupId",
  processedAt: "processedAt"
};
const ParkedMessageScalarFieldEnum = {
  id: "id",
  groupId: "groupId",
  topic: "topic",
  key: "key",
  partition: "partition",
  offset: "offset",
  value: "value",
  headers: "headers",
  attempts: "attempts",
  nextAttemptAt: "nextAttemptAt",
  lastErrorCode: "lastErrorCode",
  lastError: "lastError",
  parkedAt: "parkedAt",
  waitKey: "waitKey"
};
const DeadLetterScalarFieldEnum = {
  id: "id",
  groupId: "groupId",
  topic: "topic",
  key: "key",
  partition: "partition",
  offset: "offset",
  value: "value",
  headers: "headers",
  messageId: "messageId",
  reason: "reason",
  errorCode: "errorCode",
  attempts: "attempts",
  failedAt: "failedAt",
  replayedAt: "replayedAt",
  replayCount: "replayCount"
};
const SortOrder = {
  asc: "asc",
  desc: "desc"
};
const JsonNullValueInput = {
  JsonNull
};
const NullableJsonNullValueInput = {
  DbNull,
  JsonNull
};
const QueryMode = {
  default: "default",
  insensitive: "insensitive"
};
const NullsOrder = {
  first: "first",
  last: "last"
};
const JsonNullValueFilter = {
  DbNull,
  JsonNull,
  AnyNull
};
export {
  AnyNull,
  CatalogBuildingDisplayOverrideScalarFieldEnum,
  CatalogBuildingSnapshotScalarFieldEnum,
  CatalogLotAlertChangeScalarFieldEnum,
  CatalogLotFacetDirtyScalarFieldEnum,
  CatalogLotOffSaleScalarFieldEnum,
  CatalogProjectCardScalarFieldEnum,
  CatalogProjectDisplayOverrideScalarFieldEnum,
  CatalogProjectionRebuildJobScalarFieldEnum,
  CatalogPropertyObjectCardScalarFieldEnum,
  CatalogPropertyObjectDisplayOverrideScalarFieldEnum,
  CatalogSavedSearchAlertBudgetScalarFieldEnum,
  CatalogSavedSearchScalarFieldEnum,
  CatalogSavedSearchUserAlertScalarFieldEnum,
  CatalogSearchLotLexemeScalarFieldEnum,
  CatalogSearchWordScalarFieldEnum,
  ChessboardBuildingScalarFieldEnum,
  ChessboardDeveloperScalarFieldEnum,
  ChessboardFinishedBookingScalarFieldEnum,
  ChessboardProjectScalarFieldEnum,
  ChessboardPropertyObjectScalarFieldEnum,
  ConsumerOffsetScalarFieldEnum,
  CrmBookingProgramScalarFieldEnum,
  CrmBookingScalarFieldEnum,
  CrmDealScalarFieldEnum,
  CrmDeveloperReplicaScalarFieldEnum,
  CrmPropertyObjectReplicaScalarFieldEnum,
  CrmTimelineEntryScalarFieldEnum,
  DbNull,
  DeadLetterScalarFieldEnum,
  Decimal,
  EventLogEntryScalarFieldEnum,
  FeatureFlagScalarFieldEnum,
  JsonNull,
  JsonNullValueFilter,
  JsonNullValueInput,
  MessengerChatReadScalarFieldEnum,
  MessengerDealChatScalarFieldEnum,
  MessengerMessageScalarFieldEnum,
  MessengerPropertyObjectScalarFieldEnum,
  ModelName,
  NotificationDealParticipantsScalarFieldEnum,
  NotificationReadScalarFieldEnum,
  NotificationScalarFieldEnum,
  NullTypes,
  NullableJsonNullValueInput,
  NullsOrder,
  OutboxMessageScalarFieldEnum,
  ParkedMessageScalarFieldEnum,
  ProcessedMessageScalarFieldEnum,
  QueryMode,
  SortOrder,
  TransactionIsolationLevel
};
//# sourceMappingURL=prismaNamespaceBrowser.js.map
