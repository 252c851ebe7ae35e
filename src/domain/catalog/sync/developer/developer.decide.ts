/**
 * B. DeveloperUpserted, decided (pure) — no version guard: the rewrite is idempotent and per-key
 * order suffices.
 */
import type { CatalogDeveloperUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { NAME_MAX, truncate, type Warnings } from "../../vocabulary/card-vocabulary.js";
import { requireId, requireText, requireVersion } from "../../vocabulary/payload-rules.js";

export interface DeveloperRename {
  readonly developerId: string;
  readonly name: string;
  readonly logoFileId: string | null;
  readonly warnings: Warnings;
}

export function decideDeveloperUpsert(payload: CatalogDeveloperUpserted): DeveloperRename {
  const warnings: Warnings = [];
  requireId("Id", payload.Id);
  requireVersion(payload.Version);
  const name = truncate(requireText("Name", payload.Name), NAME_MAX, "Name", warnings);
  return { developerId: payload.Id, name, logoFileId: payload.LogoFileId, warnings };
}
