import { Prisma } from "../../../generated/prisma/client.js";
const VARIETY_PROJECT_WORDS = [
  "\u0421\u043E\u043B\u043D\u0435\u0447\u043D\u044B\u0439",
  "\u0421\u0435\u0432\u0435\u0440\u043D\u044B\u0439",
  "\u041B\u0435\u0441\u043D\u043E\u0439",
  "\u0420\u0435\u0447\u043D\u043E\u0439",
  "\u041F\u0430\u0440\u043A\u043E\u0432\u044B\u0439",
  "\u0421\u0430\u0434\u043E\u0432\u044B\u0439",
  "\u041D\u0435\u0432\u0441\u043A\u0438\u0439",
  "\u041C\u043E\u0441\u043A\u043E\u0432\u0441\u043A\u0438\u0439"
];
const VARIETY_CITIES = ["\u041C\u043E\u0441\u043A\u0432\u0430", "\u041A\u0440\u0430\u0441\u043D\u043E\u0433\u043E\u0440\u0441\u043A", "\u041A\u0430\u0437\u0430\u043D\u044C", "\u0421\u0430\u043D\u043A\u0442-\u041F\u0435\u0442\u0435\u0440\u0431\u0443\u0440\u0433"];
async function applyProjectVariety(db) {
  const words = VARIETY_PROJECT_WORDS;
  const cities = VARIETY_CITIES;
  await db.$executeRaw`
    WITH p AS (
      SELECT id, (substring(name from 'Project (\\d+)'))::int AS p FROM catalog.project_cards
      WHERE name LIKE 'Project %'
    )
    UPDATE catalog.project_cards c SET
      name = 'ЖК ' || (${words}::text[])[1 + p.p % 8] || ' ' || p.p,
      address = (${cities}::text[])[1 + c.region_id % 4] || ', улица ' || (${words}::text[])[1 + (p.p / 8) % 8] || 'ая, ' || p.p,
      city_name = (${cities}::text[])[1 + c.region_id % 4],
      geo_latitude = 55.3 + (p.p % 40) * 0.02, geo_longitude = 36.9 + (p.p / 40) * 0.03,
      property_class = (ARRAY['Comfort','Business','Premium','Elite'])[1 + p.p % 4],
      construction_status = (ARRAY['Planned','InProgress','Commissioned'])[1 + p.p % 3],
      readiness_percent = p.p % 101, distance_minutes = 1 + p.p % 30
    FROM p WHERE c.id = p.id`;
}
function lotTitleVariety(rooms, area) {
  return Prisma.sql`CASE WHEN ${rooms} = 0 THEN 'Студия' ELSE ${rooms} || '-комн. квартира' END
              || ' ' || round(${area}) || ' м²'`;
}
async function seedSearchVariety(db) {
  await applyProjectVariety(db);
  await db.$executeRaw`
    UPDATE catalog.property_object_cards l SET
      project_name = c.name, address = c.address, city_name = c.city_name,
      geo_latitude = c.geo_latitude, geo_longitude = c.geo_longitude,
      property_class = c.property_class, construction_status = c.construction_status,
      readiness_percent = c.readiness_percent, distance_minutes = c.distance_minutes,
      title = ${lotTitleVariety(Prisma.sql`l.rooms_count`, Prisma.sql`l.area_total`)}
    FROM catalog.project_cards c
    WHERE c.id = l.project_id`;
}
export {
  VARIETY_CITIES,
  VARIETY_PROJECT_WORDS,
  applyProjectVariety,
  lotTitleVariety,
  seedSearchVariety
};
//# sourceMappingURL=search-variety.js.map
