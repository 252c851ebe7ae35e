/**
 * The storefront search's bulk seed (the plan test over 100,000 cards, `npm run bench catalog`):
 * synthetic cards with the search variety, written with the feed's indexes and the cards' statement
 * triggers off, then the indexes, the search vocabulary, the lot lexicon and the facet groups built
 * once at the end.
 */
import type { Db } from "../../../platform/db/prisma-client.js";
import { rebuildDirtyFacetGroups } from "../storefront/facet-groups.js";
import { type SyntheticCards, type SyntheticCardsOptions, seedSyntheticCards } from "./synthetic-cards.js";

/**
 * Bulk-seeds: the feed's partial indexes (lots_*, the search GINs among them) are dropped, the
 * synthetic cards are written with their variety (one search document per card), the indexes are
 * rebuilt from their own definitions and the table VACUUM ANALYZEd — one CREATE INDEX each beats
 * maintaining ~20 indexes over 100k row writes.
 */
export async function bulkSeedWithSearchVariety(
  db: Db,
  options: SyntheticCardsOptions,
): Promise<SyntheticCards> {
  const indexes = await db.$queryRaw<Array<{ name: string; def: string }>>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE schemaname = 'catalog' AND tablename = 'property_object_cards' AND indexname LIKE 'lots\_%'`;
  for (const i of indexes) await db.$executeRawUnsafe(`DROP INDEX catalog."${i.name.replaceAll('"', "")}"`);
  // The search vocabulary (decision 0440) is filled once at the end instead of by its triggers at
  // each of the seed's statements.
  await db.$executeRawUnsafe(
    `ALTER TABLE catalog.property_object_cards ${BULK_TRIGGERS.map((t) => `DISABLE TRIGGER ${t}`).join(", ")}`,
  );
  let cards: SyntheticCards;
  try {
    cards = await seedSyntheticCards(db, { ...options, searchVariety: true });
  } finally {
    await db.$executeRawUnsafe(
      `ALTER TABLE catalog.property_object_cards ${BULK_TRIGGERS.map((t) => `ENABLE TRIGGER ${t}`).join(", ")}`,
    );
  }
  await db.$executeRawUnsafe(`INSERT INTO catalog.search_words (word)
    SELECT DISTINCT w FROM catalog.property_object_cards c, catalog.search_words_of(c.search_text) AS w
    ORDER BY 1 ON CONFLICT DO NOTHING`);
  // The facet groups' lot lexicon and every project to rebuild (decision 0534), as the migration does.
  // A lot's own lexemes are those of its title part and of its building part (lot_part_lexemes is
  // the two documents' concatenation): read over the distinct parts, not once per card.
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
  // VACUUM as autovacuum would on a live catalog: the visibility map lets the covering indexes
  // (the geo index of the clusters, the facets' region and city labels) answer without the heap.
  await db.$executeRawUnsafe("VACUUM (ANALYZE) catalog.property_object_cards, catalog.project_cards");
  while ((await rebuildDirtyFacetGroups(db, 200)).projects > 0);
  await db.$executeRawUnsafe("VACUUM (ANALYZE) catalog.lot_facet_groups, catalog.lot_facet_dirty");
  return cards;
}

/** The cards' statement triggers the bulk seed turns off, then does their work once at the end. */
const BULK_TRIGGERS = [
  "lot_cards_search_words_insert",
  "lot_cards_search_words_update",
  "lot_cards_facet_groups_insert",
  "lot_cards_facet_groups_update",
];
