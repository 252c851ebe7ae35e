import { Prisma } from "../../../generated/prisma/client.js";
const LOT_COLUMNS = Prisma.sql`
  id::text, project_id::text, building_id::text, developer_id::text, status, property_object_status,
  title, number, floor, rooms_count, area_total::text, area_living::text, view, property_type, type_name,
  price::text, price_per_meter::text, badge, stars, delivery_date, readiness_percent, distance_minutes,
  project_name, project_kind, property_class, construction_status, region_id, region_name, city_id,
  city_name, address, developer_name, cover_file_id::text, building_name, floors_total,
  agent_commission::text, published_at, geo_latitude::text, geo_longitude::text`;
function lotFromRow(r) {
  return {
    id: r.id,
    projectId: r.project_id,
    buildingId: r.building_id,
    developerId: r.developer_id,
    status: r.status,
    propertyObjectStatus: r.property_object_status,
    title: r.title,
    number: r.number,
    floor: r.floor,
    roomsCount: r.rooms_count,
    areaTotal: r.area_total,
    areaLiving: r.area_living,
    view: r.view,
    propertyType: r.property_type,
    typeName: r.type_name,
    price: r.price,
    pricePerMeter: r.price_per_meter,
    badge: r.badge,
    stars: r.stars,
    deliveryDate: r.delivery_date,
    readinessPercent: r.readiness_percent,
    distanceMinutes: r.distance_minutes,
    projectName: r.project_name,
    projectKind: r.project_kind,
    propertyClass: r.property_class,
    constructionStatus: r.construction_status,
    regionId: r.region_id,
    regionName: r.region_name,
    cityId: r.city_id,
    cityName: r.city_name,
    address: r.address,
    developerName: r.developer_name,
    coverFileId: r.cover_file_id,
    buildingName: r.building_name,
    floorsTotal: r.floors_total,
    agentCommission: r.agent_commission,
    publishedAt: r.published_at,
    geoLatitude: r.geo_latitude,
    geoLongitude: r.geo_longitude,
    distanceMeters: r.distance_m === void 0 || r.distance_m === null ? null : Number(r.distance_m)
  };
}
export {
  LOT_COLUMNS,
  lotFromRow
};
//# sourceMappingURL=lot-row.js.map
