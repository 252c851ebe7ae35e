/**
 * What a user is told about the lots that newly matched their saved searches in one alert batch
 * (decisions 0365, 0581). Per user, not per search: a lot that matches several of a user's
 * searches is one match (the dedup marks are per user, lot and day). Per batch: up to DIGEST_ABOVE
 * lots → one SavedSearchMatch each; more → one SavedSearchDigest naming how many. Per day, the
 * user's budget: at most `dailyCap` notifications, then ONE more — the overflow digest, naming the
 * lots left over — and nothing after it that day (the lots are counted as held back). Each
 * notification has a deterministic source id, so a retried batch adds nothing (the inbox is
 * idempotent by source id and recipient). Pure.
 */
import { createHash } from "node:crypto";

export const DIGEST_ABOVE = 3;
const TITLE_MAX = 200;
const NAME_IN_TITLE_MAX = 60;

export type AlertReason = "Published" | "BackToFree" | "PriceDrop";

export interface AlertSearch {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
}

/** A lot that newly matched one of the user's searches (the first of them that matched). */
export interface AlertMatch {
  readonly lotId: string;
  readonly title: string;
  readonly price: string;
  readonly reason: AlertReason;
  readonly search: AlertSearch;
}

/** The user's alert budget of the day as it stands before this batch. */
export interface AlertBudget {
  /** Notifications sent today within the cap (matches and batch digests) */
  readonly notified: number;
  /** The day's overflow digest was sent */
  readonly digested: boolean;
  /** Lots matched after the overflow digest: marked, not notified */
  readonly heldBack: number;
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
    readonly savedSearchId: string | null;
  };
  readonly sourceId: string;
}

export interface UserAlerts {
  readonly drafts: readonly AlertDraft[];
  readonly budget: AlertBudget;
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

function draftOf(
  userId: string,
  sourceId: string,
  fields: Pick<AlertDraft["draft"], "kind" | "title" | "lotId" | "savedSearchId">,
): AlertDraft {
  return {
    sourceId,
    draft: {
      recipient: { kind: "User", userId },
      dealId: null,
      bookingId: null,
      ...fields,
      title: clip(fields.title, TITLE_MAX),
    },
  };
}

function matchDraft(m: AlertMatch, day: string): AlertDraft {
  return draftOf(m.search.userId, alertSourceId("saved-search-match", m.search.userId, m.lotId, day), {
    kind: "SavedSearchMatch",
    title: `«${clip(m.search.name, NAME_IN_TITLE_MAX)}»: ${WHY[m.reason]} — ${m.title}, ${rubles(m.price)}`,
    lotId: m.lotId,
    savedSearchId: m.search.id,
  });
}

/** The batch's digest: named after the search when one search matched them all. */
function batchDigest(userId: string, matches: readonly AlertMatch[], day: string): AlertDraft {
  const searches = new Map(matches.map((m) => [m.search.id, m.search]));
  const only = searches.size === 1 ? [...searches.values()][0]! : null;
  const lots = matches.map((m) => m.lotId).sort();
  return draftOf(userId, alertSourceId("saved-search-digest", userId, day, ...lots), {
    kind: "SavedSearchDigest",
    title: only
      ? `«${clip(only.name, NAME_IN_TITLE_MAX)}»: ${matches.length} новых предложений`
      : `${matches.length} новых предложений по ${searches.size} сохранённым поискам`,
    lotId: null,
    savedSearchId: only?.id ?? null,
  });
}

/** The day's one notification beyond the cap (its source id is the user's and the day's). */
function overflowDigest(userId: string, count: number, day: string): AlertDraft {
  return draftOf(userId, alertSourceId("saved-search-overflow", userId, day), {
    kind: "SavedSearchDigest",
    title: `Лимит уведомлений на сегодня исчерпан: ещё ${count} новых предложений по вашим поискам — откройте сохранённые поиски`,
    lotId: null,
    savedSearchId: null,
  });
}

/** One user's notifications for the lots that newly matched their searches in this batch. */
export function decideUserAlerts(
  userId: string,
  matches: readonly AlertMatch[],
  budget: AlertBudget,
  opts: { readonly day: string; readonly dailyCap: number },
): UserAlerts {
  if (matches.length === 0) return { drafts: [], budget };
  const remaining = Math.max(0, opts.dailyCap - budget.notified);
  if (remaining > 0 && matches.length > DIGEST_ABOVE) {
    return {
      drafts: [batchDigest(userId, matches, opts.day)],
      budget: { ...budget, notified: budget.notified + 1 },
    };
  }
  const within = matches.slice(0, remaining);
  const beyond = matches.slice(remaining);
  const drafts = within.map((m) => matchDraft(m, opts.day));
  let next: AlertBudget = { ...budget, notified: budget.notified + within.length };
  if (beyond.length > 0) {
    if (budget.digested) next = { ...next, heldBack: next.heldBack + beyond.length };
    else {
      drafts.push(overflowDigest(userId, beyond.length, opts.day));
      next = { ...next, digested: true };
    }
  }
  return { drafts, budget: next };
}
