import { createHash } from "node:crypto";
import { Prisma } from "../../../generated/prisma/client.js";
import { recomputeProjectAggregates } from "../cards/recompute-cards.js";
import { applyProjectVariety, lotTitleVariety } from "./search-variety.js";
const syntheticProjectId = (tag, p) => md5Uuid(`project-${tag}-${p}`);
const syntheticLotId = (tag, n) => md5Uuid(`lot-${tag}-${n}`);
const syntheticDeveloperId = (tag, d) => md5Uuid(`developer-${tag}-${d}`);
function md5Uuid(text) {
  const h = createHash("md5").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
async function seedSyntheticCards(db, o) {
  const { tag, projects, lotsPerProject, now } = o;
  const title = o.searchVariety ? lotTitleVariety(Prisma.sql`rooms`, Prisma.sql`area`) : Prisma.sql`'Lot ' || n`;
  await db.$executeRaw`
    INSERT INTO catalog.project_cards (id, developer_id, developer_name, status, source_status, kind,
      property_class, construction_status, region_id, region_name, city_id, city_name, name, address,
      source_contract_version, source_name, source_address, chessboard_version, published_at,
      chessboard_synced_at, created_at, updated_at)
    SELECT md5('project-' || ${tag} || '-' || p)::uuid, md5('developer-' || ${tag} || '-' || (p % 7))::uuid,
      'Developer ' || (p % 7), 'Published', 'Published',
      CASE WHEN p % 5 = 0 THEN 'ApartHotel' ELSE 'ResidentialComplex' END, 'Comfort', 'InProgress',
      1 + p % 4, 'Region ' || (1 + p % 4), (1 + p % 4) * 100 + p % 3, 'City ' || ((1 + p % 4) * 100 + p % 3),
      'Project ' || p, 'Street ' || p, 1, 'Project ' || p, 'Street ' || p, 1,
      ${now}::timestamptz - make_interval(secs => p), ${now}, ${now}, ${now}
    FROM generate_series(0, ${projects - 1}) AS p`;
  if (o.searchVariety) await applyProjectVariety(db);
  await db.$executeRaw`
    INSERT INTO catalog.property_object_cards (id, project_id, building_id, developer_id, status,
      property_object_status, number, floor, rooms_count, area_total, property_type, type_name, title,
      price, price_per_meter, delivery_date, source_contract_version, source_title, source_price,
      source_delivery_date, chessboard_version, project_name, project_kind, property_class,
      construction_status, region_id, region_name, city_id, city_name, address, developer_name,
      building_name, floors_total, agent_commission, published_at, chessboard_synced_at, created_at, updated_at,
      geo_latitude, geo_longitude, readiness_percent, distance_minutes)
    SELECT md5('lot-' || ${tag} || '-' || n)::uuid, md5('project-' || ${tag} || '-' || p)::uuid,
      md5('building-' || ${tag} || '-' || p)::uuid, md5('developer-' || ${tag} || '-' || (p % 7))::uuid,
      CASE WHEN n % 20 = 7 THEN 'Hidden' ELSE 'Published' END,
      CASE WHEN n % 20 = 7 THEN 'Hidden' WHEN n % 13 = 0 THEN 'Reserved' ELSE 'Free' END,
      n::text, 1 + n % 20, rooms, area,
      CASE WHEN n % 10 = 9 THEN 'Parking' ELSE 'Apartment' END,
      CASE WHEN n % 10 = 9 THEN 'Машино-место' ELSE 'Квартира' END,
      ${title}, price, round(price / area, 2), delivery, 1, 'Lot ' || n, price, delivery, 1,
      c.name, CASE WHEN p % 5 = 0 THEN 'ApartHotel' ELSE 'ResidentialComplex' END, c.property_class,
      c.construction_status, 1 + p % 4, 'Region ' || (1 + p % 4), (1 + p % 4) * 100 + p % 3,
      c.city_name, c.address, 'Developer ' || (p % 7), 'Building ' || p, 25,
      round(price / 100, 2),
      CASE WHEN n % 20 = 7 THEN NULL ELSE ${now}::timestamptz - make_interval(secs => n) END,
      ${now}, ${now}, ${now}, c.geo_latitude, c.geo_longitude, c.readiness_percent, c.distance_minutes
    FROM (
      SELECT n, (n - 1) / ${lotsPerProject} AS p, (20 + (n * 7) % 100)::numeric AS area, n % 5 AS rooms,
        (3000000 + ((n * 7919) % 200) * 50000)::numeric AS price,
        (date '2027-03-31' + make_interval(months => 3 * (n % 8)))::date AS delivery
      FROM generate_series(1, ${projects * lotsPerProject}) AS n
    ) s
    JOIN catalog.project_cards c ON c.id = md5('project-' || ${tag} || '-' || s.p)::uuid`;
  const projectIds = Array.from({ length: projects }, (_, p) => syntheticProjectId(tag, p));
  for (let i = 0; i < projectIds.length; i += 500) {
    await recomputeProjectAggregates(db, projectIds.slice(i, i + 500), { now });
  }
  return { projectIds, lots: projects * lotsPerProject };
}
export {
  seedSyntheticCards,
  syntheticDeveloperId,
  syntheticLotId,
  syntheticProjectId
};
//# sourceMappingURL=synthetic-cards.js.map
