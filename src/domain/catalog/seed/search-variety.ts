/**
 * Gives the synthetic cards (seed/synthetic-cards.ts) what the storefront search reads — Russian
 * project, city and title words, coordinates around Moscow, classes, construction statuses,
 * readiness and distance — so the search benchmark and the plan test run over realistic data.
 * Deterministic per project / lot number: written by the synthetic seed's INSERTs
 * (`searchVariety`, the bulk seed) or applied afterwards with one UPDATE per table
 * (`seedSearchVariety`, for cards already written).
 */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";

export const VARIETY_PROJECT_WORDS = [
  "Солнечный",
  "Северный",
  "Лесной",
  "Речной",
  "Парковый",
  "Садовый",
  "Невский",
  "Московский",
];
export const VARIETY_CITIES = ["Москва", "Красногорск", "Казань", "Санкт-Петербург"];

/** Project p: "ЖК <word> <p>", coordinates on a 40-wide grid from 55.3 N 36.9 E (0.02° × 0.03° steps). */
export async function applyProjectVariety(db: Db): Promise<void> {
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

/** A lot's title with room words: «Студия 45 м²», «2-комн. квартира 61 м²». */
export function lotTitleVariety(rooms: Prisma.Sql, area: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`CASE WHEN ${rooms} = 0 THEN 'Студия' ELSE ${rooms} || '-комн. квартира' END
              || ' ' || round(${area}) || ' м²'`;
}

/** The variety over cards already written (the lots copy their project's new values). */
export async function seedSearchVariety(db: Db): Promise<void> {
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
