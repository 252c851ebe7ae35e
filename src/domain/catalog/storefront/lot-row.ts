import { Prisma } from "../../../generated/prisma/client.js";
import type { LotView } from "../catalog.read-models.js";

/** The columns the feed reads (numbers as text: exact decimals, no float rounding). */
export const LOT_COLUMNS = Prisma.sql`
  id::text, project_id::text, building_id::text, developer_id::text, status, property_object_status,
  title, number, floor, rooms_count, area_total::text, area_living::text, view, property_type, type_name,
  price::text, price_per_meter::text, badge, stars, delivery_date, readiness_percent, distance_minutes,
  project_name, project_kind, property_class, construction_status, region_id, region_name, city_id,
  city_name, address, developer_name, cover_file_id::text, building_name, floors_total,
  agent_commission::text, published_at, geo_latitude::text, geo_longitude::text`;

export interface LotRow {
  id: string;
  project_id: string;
  building_id: string;
  developer_id: string;
  status: string;
  property_object_status: string;
  title: string;
  number: string;
  floor: number;
  rooms_count: number;
  area_total: string;
  area_living: string | null;
  view: string | null;
  property_type: string | null;
  type_name: string;
  price: string;
  price_per_meter: string;
  badge: string | null;
  stars: number | null;
  delivery_date: Date | null;
  readiness_percent: number | null;
  distance_minutes: number | null;
  project_name: string | null;
  project_kind: string | null;
  property_class: string | null;
  construction_status: string | null;
  region_id: number | null;
  region_name: string | null;
  city_id: number | null;
  city_name: string | null;
  address: string | null;
  developer_name: string | null;
  cover_file_id: string | null;
  building_name: string | null;
  floors_total: number | null;
  agent_commission: string | null;
  published_at: Date | null;
  geo_latitude: string | null;
  geo_longitude: string | null;
  /** Present when the feed was asked for lots near a point */
  distance_m?: string | null;
}

export function lotFromRow(r: LotRow): LotView {
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
    distanceMeters: r.distance_m === undefined || r.distance_m === null ? null : Number(r.distance_m),
  };
}
