import { createHash } from "node:crypto";
const DIGEST_ABOVE = 3;
const TITLE_MAX = 200;
const NAME_IN_TITLE_MAX = 60;
function alertSourceId(...parts) {
  const h = createHash("sha256").update(parts.join("|")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
const clip = (s, n) => s.length > n ? `${s.slice(0, n - 1)}\u2026` : s;
const rubles = (price) => `${Number(price).toLocaleString("ru-RU", { maximumFractionDigits: 2 })} \u20BD`;
const WHY = {
  Published: "\u043D\u043E\u0432\u044B\u0439 \u043B\u043E\u0442",
  BackToFree: "\u0441\u043D\u043E\u0432\u0430 \u0432 \u043F\u0440\u043E\u0434\u0430\u0436\u0435",
  PriceDrop: "\u0446\u0435\u043D\u0430 \u0441\u043D\u0438\u0436\u0435\u043D\u0430"
};
function draftOf(userId, sourceId, fields) {
  return {
    sourceId,
    draft: {
      recipient: { kind: "User", userId },
      dealId: null,
      bookingId: null,
      ...fields,
      title: clip(fields.title, TITLE_MAX)
    }
  };
}
function matchDraft(m, day) {
  return draftOf(m.search.userId, alertSourceId("saved-search-match", m.search.userId, m.lotId, day), {
    kind: "SavedSearchMatch",
    title: `\xAB${clip(m.search.name, NAME_IN_TITLE_MAX)}\xBB: ${WHY[m.reason]} \u2014 ${m.title}, ${rubles(m.price)}`,
    lotId: m.lotId,
    savedSearchId: m.search.id
  });
}
function batchDigest(userId, matches, day) {
  const searches = new Map(matches.map((m) => [m.search.id, m.search]));
  const only = searches.size === 1 ? [...searches.values()][0] : null;
  const lots = matches.map((m) => m.lotId).sort();
  return draftOf(userId, alertSourceId("saved-search-digest", userId, day, ...lots), {
    kind: "SavedSearchDigest",
    title: only ? `\xAB${clip(only.name, NAME_IN_TITLE_MAX)}\xBB: ${matches.length} \u043D\u043E\u0432\u044B\u0445 \u043F\u0440\u0435\u0434\u043B\u043E\u0436\u0435\u043D\u0438\u0439` : `${matches.length} \u043D\u043E\u0432\u044B\u0445 \u043F\u0440\u0435\u0434\u043B\u043E\u0436\u0435\u043D\u0438\u0439 \u043F\u043E ${searches.size} \u0441\u043E\u0445\u0440\u0430\u043D\u0451\u043D\u043D\u044B\u043C \u043F\u043E\u0438\u0441\u043A\u0430\u043C`,
    lotId: null,
    savedSearchId: only?.id ?? null
  });
}
function overflowDigest(userId, count, day) {
  return draftOf(userId, alertSourceId("saved-search-overflow", userId, day), {
    kind: "SavedSearchDigest",
    title: `\u041B\u0438\u043C\u0438\u0442 \u0443\u0432\u0435\u0434\u043E\u043C\u043B\u0435\u043D\u0438\u0439 \u043D\u0430 \u0441\u0435\u0433\u043E\u0434\u043D\u044F \u0438\u0441\u0447\u0435\u0440\u043F\u0430\u043D: \u0435\u0449\u0451 ${count} \u043D\u043E\u0432\u044B\u0445 \u043F\u0440\u0435\u0434\u043B\u043E\u0436\u0435\u043D\u0438\u0439 \u043F\u043E \u0432\u0430\u0448\u0438\u043C \u043F\u043E\u0438\u0441\u043A\u0430\u043C \u2014 \u043E\u0442\u043A\u0440\u043E\u0439\u0442\u0435 \u0441\u043E\u0445\u0440\u0430\u043D\u0451\u043D\u043D\u044B\u0435 \u043F\u043E\u0438\u0441\u043A\u0438`,
    lotId: null,
    savedSearchId: null
  });
}
function decideUserAlerts(userId, matches, budget, opts) {
  if (matches.length === 0) return { drafts: [], budget };
  const remaining = Math.max(0, opts.dailyCap - budget.notified);
  if (remaining > 0 && matches.length > DIGEST_ABOVE) {
    return {
      drafts: [batchDigest(userId, matches, opts.day)],
      budget: { ...budget, notified: budget.notified + 1 }
    };
  }
  const within = matches.slice(0, remaining);
  const beyond = matches.slice(remaining);
  const drafts = within.map((m) => matchDraft(m, opts.day));
  let next = { ...budget, notified: budget.notified + within.length };
  if (beyond.length > 0) {
    if (budget.digested) next = { ...next, heldBack: next.heldBack + beyond.length };
    else {
      drafts.push(overflowDigest(userId, beyond.length, opts.day));
      next = { ...next, digested: true };
    }
  }
  return { drafts, budget: next };
}
export {
  DIGEST_ABOVE,
  alertSourceId,
  decideUserAlerts
};
//# sourceMappingURL=alert-drafts.js.map
