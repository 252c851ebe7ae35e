/**
 * Hand-written storefront cards for the search tests: three projects in three cities with real
 * Russian names, coordinates, classes, construction statuses and delivery dates, and lots whose
 * expected matches the tests state in plain words (no SQL computes the expectations).
 */
import type { Db } from "../../../src/platform/db/prisma-client.js";

export interface SearchProject {
  readonly id: string;
  readonly developerId: string;
  readonly developerName: string;
  readonly name: string;
  readonly address: string;
  readonly cityId: number;
  readonly cityName: string;
  readonly regionId: number;
  readonly regionName: string;
  readonly lat: number;
  readonly lon: number;
  readonly propertyClass: string;
  readonly constructionStatus: string;
  readonly delivery: string;
  readonly readiness: number;
  readonly distanceMinutes: number;
}

export interface SearchLot {
  readonly id: string;
  readonly project: SearchProject;
  readonly rooms: number;
  readonly floor: number;
  readonly floorsTotal: number;
  readonly area: number;
  readonly price: number;
  readonly title: string;
  readonly status: "Free" | "Reserved";
}

const uuid = (prefix: string, n: number) =>
  `${prefix}000000-0000-4000-8000-${n.toString().padStart(12, "0")}`;

export const DEVELOPER_A = uuid("d1", 1);
export const DEVELOPER_B = uuid("d2", 2);

export const SOLNECHNY: SearchProject = {
  id: uuid("a1", 1),
  developerId: DEVELOPER_A,
  developerName: "ГК Самолёт",
  name: "ЖК Солнечный",
  address: "Красногорск, улица Ленина, 5",
  cityId: 501,
  cityName: "Красногорск",
  regionId: 50,
  regionName: "Московская область",
  lat: 55.8317,
  lon: 37.3295,
  propertyClass: "Comfort",
  constructionStatus: "InProgress",
  delivery: "2027-06-30",
  readiness: 40,
  distanceMinutes: 10,
};
export const SEVERNY: SearchProject = {
  id: uuid("a2", 2),
  developerId: DEVELOPER_A,
  developerName: "ГК Самолёт",
  name: "ЖК Северный парк",
  address: "Москва, Дмитровское шоссе, 107",
  cityId: 77,
  cityName: "Москва",
  regionId: 77,
  regionName: "Москва",
  lat: 55.8838,
  lon: 37.5466,
  propertyClass: "Business",
  constructionStatus: "Commissioned",
  delivery: "2026-03-31",
  readiness: 100,
  distanceMinutes: 5,
};
export const NEVSKY: SearchProject = {
  id: uuid("a3", 3),
  developerId: DEVELOPER_B,
  developerName: "Эталон",
  name: "Апарт-отель Невский",
  address: "Санкт-Петербург, Невский проспект, 100",
  cityId: 78,
  cityName: "Санкт-Петербург",
  regionId: 78,
  regionName: "Санкт-Петербург",
  lat: 59.9311,
  lon: 30.3609,
  propertyClass: "Premium",
  constructionStatus: "Planned",
  delivery: "2028-12-31",
  readiness: 0,
  distanceMinutes: 20,
};
export const PROJECTS = [SOLNECHNY, SEVERNY, NEVSKY];

const ROOM_TITLES = ["Студия", "1-комн. квартира", "2-комн. квартира", "3-комн. квартира"];

/** Per project: rooms 0..3 on floors 1, 5, 9 (of 9) — 12 lots, prices rising with rooms and floor. */
export function searchLots(): SearchLot[] {
  const lots: SearchLot[] = [];
  let n = 0;
  for (const [p, project] of PROJECTS.entries()) {
    for (const rooms of [0, 1, 2, 3]) {
      for (const floor of [1, 5, 9]) {
        n += 1;
        const area = 25 + rooms * 20;
        const price = (p + 1) * 1_000_000 + rooms * 2_000_000 + floor * 100_000;
        lots.push({
          id: uuid("b0", n),
          project,
          rooms,
          floor,
          floorsTotal: 9,
          area,
          price,
          title: `${ROOM_TITLES[rooms]} ${area} м²`,
          status: "Free",
        });
      }
    }
  }
  return lots;
}

const NOW = "2026-01-01T00:00:00.000Z";

export async function seedSearchCards(db: Db, lots: readonly SearchLot[] = searchLots()): Promise<void> {
  for (const p of PROJECTS) {
    await db.$executeRaw`
      INSERT INTO catalog.project_cards (id, developer_id, developer_name, status, source_status, kind,
        property_class, construction_status, region_id, region_name, city_id, city_name, name, address,
        geo_latitude, geo_longitude, delivery_date, readiness_percent, distance_minutes,
        source_contract_version, source_name, source_address, chessboard_version, published_at,
        chessboard_synced_at, created_at, updated_at)
      VALUES (${p.id}::uuid, ${p.developerId}::uuid, ${p.developerName}, 'Published', 'Published',
        'ResidentialComplex', ${p.propertyClass}, ${p.constructionStatus}, ${p.regionId}, ${p.regionName},
        ${p.cityId}, ${p.cityName}, ${p.name}, ${p.address}, ${p.lat}::numeric, ${p.lon}::numeric,
        ${p.delivery}::date, ${p.readiness}, ${p.distanceMinutes}, 1, ${p.name}, ${p.address}, 1,
        ${NOW}::timestamptz, ${NOW}::timestamptz, ${NOW}::timestamptz, ${NOW}::timestamptz)`;
  }
  for (const [i, l] of lots.entries()) {
    const p = l.project;
    await db.$executeRaw`
      INSERT INTO catalog.property_object_cards (id, project_id, building_id, developer_id, status,
        property_object_status, number, floor, rooms_count, area_total, property_type, type_name, title,
        price, price_per_meter, delivery_date, readiness_percent, distance_minutes, source_contract_version,
        source_title, source_price, source_delivery_date, source_readiness_percent,
        source_distance_minutes, chessboard_version, project_name, project_kind, property_class,
        construction_status, region_id, region_name, city_id, city_name, address, developer_name,
        building_name, floors_total, geo_latitude, geo_longitude, published_at, chessboard_synced_at,
        created_at, updated_at)
      VALUES (${l.id}::uuid, ${p.id}::uuid, ${p.id}::uuid, ${p.developerId}::uuid, 'Published', ${l.status},
        ${String(i + 1)}, ${l.floor}, ${l.rooms}, ${l.area}::numeric, 'Apartment', 'Квартира', ${l.title},
        ${l.price}::numeric, round(${l.price}::numeric / ${l.area}::numeric, 2), ${p.delivery}::date,
        ${p.readiness}, ${p.distanceMinutes}, 1, ${l.title}, ${l.price}::numeric, ${p.delivery}::date,
        ${p.readiness}, ${p.distanceMinutes}, 1, ${p.name}, 'ResidentialComplex', ${p.propertyClass},
        ${p.constructionStatus}, ${p.regionId}, ${p.regionName}, ${p.cityId}, ${p.cityName}, ${p.address},
        ${p.developerName}, 'Корпус 1', ${l.floorsTotal}, ${p.lat}::numeric, ${p.lon}::numeric,
        ${NOW}::timestamptz - make_interval(secs => ${i}), ${NOW}::timestamptz, ${NOW}::timestamptz,
        ${NOW}::timestamptz)`;
  }
}
