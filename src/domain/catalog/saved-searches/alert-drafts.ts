/**
 * What a saved search's owner is told about the lots that newly matched it in one alert batch
 * (decision 0365): up to DIGEST_ABOVE lots → one SavedSearchMatch each; more → one
 * SavedSearchDigest naming how many. Each notification has a deterministic source id, so a
 * retried batch adds nothing (the inbox is idempotent by source id and recipient). Pure.
 */
import { createHash } from "node:crypto";

export const DIGEST_ABOVE = 3;
const TITLE_MAX = 200;
const NAME_IN_TITLE_MAX = 60;

export type AlertReason = "Published" | "BackToFree" | "PriceDrop";

export interface AlertMatch {
  readonly lotId: string;
  readonly title: string;
  readonly price: string;
  readonly reason: AlertReason;
}

export interface AlertSearch {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
}

/**
 * An alert for the notifications context (the worker hands it over in the same transaction):
 * shaped like its NotificationDraft, without importing it (contexts do not import each other).
 */
export interface AlertDraft {
  readonly draft: {
    readonly recipient: { readonly kind: "User"; readonly userId: string };
    readonly kind: "SavedSearchMatch" | "SavedSearchDigest";
    readonly title: string;
    readonly dealId: null;
    readonly bookingId: null;
    readonly lotId: string | null;
    readonly savedSearchId: string;
  };
  readonly sourceId: string;
}

/** A UUID-shaped id derived from its parts (sha-256): the same alert always gets the same id. */
export function alertSourceId(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join("|")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const rubles = (price: string) => `${Number(price).toLocaleString("ru-RU", { maximumFractionDigits: 2 })} ₽`;
const WHY: Record<AlertReason, string> = {
  Published: "новый лот",
  BackToFree: "снова в продаже",
  PriceDrop: "цена снижена",
};

export function decideAlertDrafts(
  search: AlertSearch,
  matches: readonly AlertMatch[],
  day: string,
): AlertDraft[] {
  if (matches.length === 0) return [];
  const name = clip(search.name, NAME_IN_TITLE_MAX);
  const recipient = { kind: "User" as const, userId: search.userId };
  if (matches.length > DIGEST_ABOVE) {
    const lots = [...matches].map((m) => m.lotId).sort();
    return [
      {
        sourceId: alertSourceId("saved-search-digest", search.id, day, ...lots),
        draft: {
          recipient,
          kind: "SavedSearchDigest",
          title: clip(`«${name}»: ${matches.length} новых предложений`, TITLE_MAX),
          dealId: null,
          bookingId: null,
          lotId: null,
          savedSearchId: search.id,
        },
      },
    ];
  }
  return matches.map((m) => ({
    sourceId: alertSourceId("saved-search-match", search.id, m.lotId, day),
    draft: {
      recipient,
      kind: "SavedSearchMatch",
      title: clip(`«${name}»: ${WHY[m.reason]} — ${m.title}, ${rubles(m.price)}`, TITLE_MAX),
      dealId: null,
      bookingId: null,
      lotId: m.lotId,
      savedSearchId: search.id,
    },
  }));
}
