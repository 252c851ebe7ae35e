const freshKey = (userId, lotId) => `${userId}|${lotId}`;
async function markFreshPairs(tx, pairs, day) {
  if (pairs.length === 0) return /* @__PURE__ */ new Set();
  const fresh = await tx.$queryRaw`
    INSERT INTO catalog.saved_search_user_alerts (user_id, lot_id, day)
    SELECT u, l, ${day}::date
    FROM unnest(${pairs.map((p) => p.userId)}::text[], ${pairs.map((p) => p.lotId)}::uuid[]) AS t(u, l)
    ON CONFLICT DO NOTHING
    RETURNING user_id, lot_id::text`;
  return new Set(fresh.map((f) => freshKey(f.user_id, f.lot_id)));
}
async function lockBudgets(tx, userIds, day) {
  const users = [...new Set(userIds)].sort();
  const budgets = /* @__PURE__ */ new Map();
  if (users.length === 0) return budgets;
  const rows = await tx.$queryRaw`
    INSERT INTO catalog.saved_search_alert_budgets AS b (user_id, day)
    SELECT u, ${day}::date FROM unnest(${users}::text[]) AS t(u) ORDER BY u
    ON CONFLICT (user_id, day) DO UPDATE SET user_id = b.user_id
    RETURNING user_id, notified, digested, held_back`;
  for (const r of rows) {
    budgets.set(r.user_id, { notified: r.notified, digested: r.digested, heldBack: r.held_back });
  }
  return budgets;
}
async function saveBudget(tx, userId, day, budget) {
  await tx.$executeRaw`
    UPDATE catalog.saved_search_alert_budgets
    SET notified = ${budget.notified}, digested = ${budget.digested}, held_back = ${budget.heldBack}
    WHERE user_id = ${userId} AND day = ${day}::date`;
}
export {
  freshKey,
  lockBudgets,
  markFreshPairs,
  saveBudget
};
//# sourceMappingURL=alert-budget.js.map
