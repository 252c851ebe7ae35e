import { Prisma } from "../../../generated/prisma/client.js";
const PROJECT_COLUMNS = Prisma.sql`
  id::text, status, developer_id::text, developer_name, developer_logo_file_id::text, kind,
  property_class, construction_status, region_id, region_name, city_id, city_name,
  cover_file_id::text, short_description, geo_latitude::text, geo_longitude::text, name, address,
  stars, delivery_date, readiness_percent, distance_minutes, min_price::text, max_price::text,
  property_objects_total, property_objects_available, published_at`;
function projectFromRow(r) {
  return {
    id: r.id,
    status: r.status,
    developerId: r.developer_id,
    developerName: r.developer_name,
    developerLogoFileId: r.developer_logo_file_id,
    kind: r.kind,
    propertyClass: r.property_class,
    constructionStatus: r.construction_status,
    regionId: r.region_id,
    regionName: r.region_name,
    cityId: r.city_id,
    cityName: r.city_name,
    coverFileId: r.cover_file_id,
    shortDescription: r.short_description,
    geoLatitude: r.geo_latitude,
    geoLongitude: r.geo_longitude,
    name: r.name,
    address: r.address,
    stars: r.stars,
    deliveryDate: r.delivery_date,
    readinessPercent: r.readiness_percent,
    distanceMinutes: r.distance_minutes,
    minPrice: r.min_price,
    maxPrice: r.max_price,
    propertyObjectsTotal: r.property_objects_total,
    propertyObjectsAvailable: r.property_objects_available,
    publishedAt: r.published_at
  };
}
export {
  PROJECT_COLUMNS,
  projectFromRow
};
//# sourceMappingURL=project-row.js.map
