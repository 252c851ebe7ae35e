import { rebuildDirtyFacetGroups } from "../storefront/facet-groups.js";
import { seedSyntheticCards } from "./synthetic-cards.js";
async function bulkSeedWithSearchVariety(db, options) {
  const indexes = await db.$queryRaw`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE schemaname = 'catalog' AND tablename = 'property_object_cards' AND indexname LIKE 'lots\_%'`;
  for (const i of indexes) await db.$executeRawUnsafe(`DROP INDEX catalog."${i.name.replaceAll('"', "")}"`);
  await db.$executeRawUnsafe(
    `ALTER TABLE catalog.property_object_cards ${BULK_TRIGGERS.map((t) => `DISABLE TRIGGER ${t}`).join(", ")}`
  );
  let cards;
  try {
    cards = await seedSyntheticCards(db, { ...options, searchVariety: true });
  } finally {
    await db.$executeRawUnsafe(
      `ALTER TABLE catalog.property_object_cards ${BULK_TRIGGERS.map((t) => `ENABLE TRIGGER ${t}`).join(", ")}`
    );
  }
  await db.$executeRawUnsafe(`INSERT INTO catalog.search_words (word)
    SELECT DISTINCT w FROM catalog.property_object_cards c, catalog.search_words_of(c.search_text) AS w
    ORDER BY 1 ON CONFLICT DO NOTHING`);
  await db.$executeRawUnsafe(`INSERT INTO catalog.search_lot_lexemes (lexeme)
    SELECT x FROM (SELECT DISTINCT title, type_name, rooms_count FROM catalog.property_object_cards) t,
      unnest(catalog.lot_part_lexemes(t.title, t.type_name, t.rooms_count, NULL)) AS x
    UNION
    SELECT x FROM (SELECT DISTINCT rooms_count, building_name FROM catalog.property_object_cards) b,
      unnest(catalog.lot_part_lexemes('', '', b.rooms_count, b.building_name)) AS x
    ON CONFLICT DO NOTHING`);
  await db.$executeRawUnsafe(`INSERT INTO catalog.lot_facet_dirty (project_id)
    SELECT DISTINCT project_id FROM catalog.property_object_cards ON CONFLICT DO NOTHING`);
  for (const i of indexes) await db.$executeRawUnsafe(i.def);
  await db.$executeRawUnsafe("VACUUM (ANALYZE) catalog.property_object_cards, catalog.project_cards");
  while ((await rebuildDirtyFacetGroups(db, 200)).projects > 0) ;
  await db.$executeRawUnsafe("VACUUM (ANALYZE) catalog.lot_facet_groups, catalog.lot_facet_dirty");
  return cards;
}
const BULK_TRIGGERS = [
  "lot_cards_search_words_insert",
  "lot_cards_search_words_update",
  "lot_cards_facet_groups_insert",
  "lot_cards_facet_groups_update"
];
export {
  bulkSeedWithSearchVariety
};
//# sourceMappingURL=bulk-search-seed.js.map
