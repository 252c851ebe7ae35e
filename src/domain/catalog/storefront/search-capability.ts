import type { Db } from "../../../platform/db/prisma-client.js";
import type { Logger } from "../../../platform/log/logger.js";
import { counter, gauge, type Registry } from "../../../platform/metrics/registry.js";
import type { RelevanceDrive, SortedDrive } from "./relevance-drive.js";

/**
 * Whether typo-tolerant (trigram) search works on this server (decision 0361): pg_trgm must be
 * installed (with its indexes: the cards' text for the alert worker, the vocabulary for the
 * read path's corrections, decision 0440) AND produce trigrams for Cyrillic — with a C ctype (the embedded PostgreSQL is
 * initialised --locale=C) pg_trgm drops every non-ASCII letter, so show_trgm('жк') is empty and
 * the trigram path would match nothing. Checked once per process; without it the search is full
 * text only (stemming still works: the documents are folded by catalog.search_fold).
 */
export async function detectTypoSearch(db: Db): Promise<boolean> {
  const [ext] = await db.$queryRaw<Array<{ ok: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
       AND EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'catalog' AND indexname = 'lots_search_trgm_idx')
       AND EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'catalog' AND indexname = 'search_words_trgm_idx') AS ok`;
  if (!ext?.ok) return false;
  const [trgm] = await db.$queryRaw<Array<{ ok: boolean }>>`SELECT cardinality(show_trgm('жк')) > 0 AS ok`;
  return trgm?.ok === true;
}

export type StorefrontFeature = "q" | "bbox" | "near" | "clusters";

export interface StorefrontSearchObserver {
  /** Memoised capability (first call detects, logs and sets the gauge) */
  typoTolerant(): Promise<boolean>;
  used(feature: StorefrontFeature): void;
  /** A capped RELEVANCE page and how its candidates were found (decision 0510) */
  ranked(drive: RelevanceDrive): void;
  /** A page in another sort order with q and how it was read (decision 0536) */
  sorted(drive: SortedDrive): void;
}

export function createStorefrontSearchObserver(
  db: Db,
  deps: { log?: Logger; metrics?: Registry },
): StorefrontSearchObserver {
  let detected: Promise<boolean> | null = null;
  const features = deps.metrics
    ? counter(
        deps.metrics,
        "catalog_storefront_search_requests_total",
        "Storefront reads using a search feature",
        ["feature"],
      )
    : null;
  const drives = deps.metrics
    ? counter(
        deps.metrics,
        "catalog_search_relevance_drive_total",
        "Capped RELEVANCE pages by how their candidates were found: the NEWEST walk or the selective full-text match (decision 0510)",
        ["drive"],
      )
    : null;
  const sortedDrives = deps.metrics
    ? counter(
        deps.metrics,
        "catalog_search_sorted_drive_total",
        "Sorted lots pages with q (not RELEVANCE) by how they read: the planner's walk or the selective match first (decision 0536)",
        ["drive"],
      )
    : null;
  return {
    typoTolerant() {
      detected ??= detectTypoSearch(db).then(
        (ok) => {
          deps.log?.[ok ? "info" : "warn"](
            { typoTolerant: ok },
            ok
              ? "storefront search: full text + trigram typo tolerance"
              : "storefront search: pg_trgm missing or without Unicode ctype — full text only",
          );
          if (deps.metrics)
            gauge(deps.metrics, "catalog_search_typo_tolerant", "1 when trigram typo tolerance is on").set(
              ok ? 1 : 0,
            );
          return ok;
        },
        (error: unknown) => {
          detected = null;
          throw error;
        },
      );
      return detected;
    },
    used(feature) {
      features?.inc({ feature });
    },
    ranked(drive) {
      drives?.inc({ drive });
      deps.log?.debug({ drive }, "storefront search: RELEVANCE candidates");
    },
    sorted(drive) {
      sortedDrives?.inc({ drive });
      deps.log?.debug({ drive }, "storefront search: sorted page with q");
    },
  };
}
