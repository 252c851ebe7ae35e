/**
 * Gives the synthetic cards (seed/synthetic-cards.ts) what the storefront search reads — Russian
 * project, city and title words, coordinates around Moscow, classes, construction statuses,
 * readiness and distance — so the search benchmark and the plan test run over realistic data.
 * One UPDATE per table; deterministic per project / lot number.
 */
import type { Db } from "../../../platform/db/prisma-client.js";
import { rebuildDirtyFacetGroups } from "../storefront/facet-groups.js";

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

export async function seedSearchVariety(db: Db): Promise<void> {
  const words = VARIETY_PROJECT_WORDS;
  const cities = VARIETY_CITIES;
  // Project p: "ЖК <word> <p>", coordinates on a 40-wide grid from 55.3 N 36.9 E (0.02° × 0.03° steps).
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
  await db.$executeRaw`
    UPDATE catalog.property_object_cards l SET
      project_name = c.name, address = c.address, city_name = c.city_name,
      geo_latitude = c.geo_latitude, geo_longitude = c.geo_longitude,
      property_class = c.property_class, construction_status = c.construction_status,
      readiness_percent = c.readiness_percent, distance_minutes = c.distance_minutes,
      title = CASE WHEN l.rooms_count = 0 THEN 'Студия' ELSE l.rooms_count || '-комн. квартира' END
              || ' ' || round(l.area_total) || ' м²'
    FROM catalog.project_cards c
    WHERE c.id = l.project_id`;
}

/**
 * Bulk-seeds: the feed's partial indexes (lots_*, the search GINs among them) are dropped, `seed`
 * runs, the variety is applied, the indexes are rebuilt from their own definitions and the table
 * VACUUM ANALYZEd — one CREATE INDEX each beats maintaining ~20 indexes over 200k row writes.
 */
export async function bulkSeedWithSearchVariety(db: Db, seed: () => Promise<unknown>): Promise<void> {
  const indexes = await db.$queryRaw<Array<{ name: string; def: string }>>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE schemaname = 'catalog' AND tablename = 'property_object_cards' AND indexname LIKE 'lots\_%'`;
  for (const i of indexes) await db.$executeRawUnsafe(`DROP INDEX catalog."${i.name.replaceAll('"', "")}"`);
  // The search vocabulary (decision 0440) is filled once at the end instead of by its triggers at
  // each of the seed's statements.
  await db.$executeRawUnsafe(
    `ALTER TABLE catalog.property_object_cards ${BULK_TRIGGERS.map((t) => `DISABLE TRIGGER ${t}`).join(", ")}`,
  );
  try {
    await seed();
    await seedSearchVariety(db);
  } finally {
    await db.$executeRawUnsafe(
      `ALTER TABLE catalog.property_object_cards ${BULK_TRIGGERS.map((t) => `ENABLE TRIGGER ${t}`).join(", ")}`,
    );
  }
  await db.$executeRawUnsafe(`INSERT INTO catalog.search_words (word)
    SELECT DISTINCT w FROM catalog.property_object_cards c, catalog.search_words_of(c.search_text) AS w
    ORDER BY 1 ON CONFLICT DO NOTHING`);
  // The facet groups' lot lexicon and every project to rebuild (decision 0534), as the migration does.
  await db.$executeRawUnsafe(`INSERT INTO catalog.search_lot_lexemes (lexeme)
    SELECT DISTINCT x FROM catalog.property_object_cards c,
      unnest(catalog.lot_part_lexemes(c.title, c.type_name, c.rooms_count, c.building_name)) AS x
    ON CONFLICT DO NOTHING`);
  await db.$executeRawUnsafe(`INSERT INTO catalog.lot_facet_dirty (project_id)
    SELECT DISTINCT project_id FROM catalog.property_object_cards ON CONFLICT DO NOTHING`);
  for (const i of indexes) await db.$executeRawUnsafe(i.def);
  // VACUUM as autovacuum would on a live catalog: the variety UPDATE left a dead version of every
  // card, and the visibility map lets the covering geo index answer clusters without the heap.
  await db.$executeRawUnsafe("VACUUM (ANALYZE) catalog.property_object_cards");
  while ((await rebuildDirtyFacetGroups(db, 200)).projects > 0);
  await db.$executeRawUnsafe("VACUUM (ANALYZE) catalog.lot_facet_groups, catalog.lot_facet_dirty");
}

/** The cards' statement triggers the bulk seed turns off, then does their work once at the end. */
const BULK_TRIGGERS = [
  "lot_cards_search_words_insert",
  "lot_cards_search_words_update",
  "lot_cards_facet_groups_insert",
  "lot_cards_facet_groups_update",
];
