/**
 * The saved-search alerts' per-user state of a day (decision 0581), in the alert batch's
 * transaction: which lots a user was already told about (`catalog.saved_search_user_alerts`, one
 * row per user, lot and day — across all of the user's searches) and the user's budget
 * (`catalog.saved_search_alert_budgets`: notifications sent, the overflow digest, lots held back).
 */
import type { Tx } from "../../../platform/db/prisma-client.js";
import type { AlertBudget } from "./alert-drafts.js";

/** A (user, lot) pair as `markFreshPairs` answers it. */
export const freshKey = (userId: string, lotId: string) => `${userId}|${lotId}`;

/**
 * Marks (user, lot, day) for these pairs; returns the pairs that were not marked yet (`user|lot`):
 * the lots the user has not been told about today.
 */
export async function markFreshPairs(
  tx: Tx,
  pairs: ReadonlyArray<{ readonly userId: string; readonly lotId: string }>,
  day: string,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const fresh = await tx.$queryRaw<Array<{ user_id: string; lot_id: string }>>`
    INSERT INTO catalog.saved_search_user_alerts (user_id, lot_id, day)
    SELECT u, l, ${day}::date
    FROM unnest(${pairs.map((p) => p.userId)}::text[], ${pairs.map((p) => p.lotId)}::uuid[]) AS t(u, l)
    ON CONFLICT DO NOTHING
    RETURNING user_id, lot_id::text`;
  return new Set(fresh.map((f) => freshKey(f.user_id, f.lot_id)));
}

/**
 * The users' budgets of the day, their rows locked for the rest of the batch (in user order, so
 * two workers never wait on each other crosswise); a user without a row gets an empty one.
 */
export async function lockBudgets(
  tx: Tx,
  userIds: readonly string[],
  day: string,
): Promise<Map<string, AlertBudget>> {
  const users = [...new Set(userIds)].sort();
  const budgets = new Map<string, AlertBudget>();
  if (users.length === 0) return budgets;
  const rows = await tx.$queryRaw<
    Array<{ user_id: string; notified: number; digested: boolean; held_back: number }>
  >`
    INSERT INTO catalog.saved_search_alert_budgets AS b (user_id, day)
    SELECT u, ${day}::date FROM unnest(${users}::text[]) AS t(u) ORDER BY u
    ON CONFLICT (user_id, day) DO UPDATE SET user_id = b.user_id
    RETURNING user_id, notified, digested, held_back`;
  for (const r of rows) {
    budgets.set(r.user_id, { notified: r.notified, digested: r.digested, heldBack: r.held_back });
  }
  return budgets;
}

export async function saveBudget(tx: Tx, userId: string, day: string, budget: AlertBudget): Promise<void> {
  await tx.$executeRaw`
    UPDATE catalog.saved_search_alert_budgets
    SET notified = ${budget.notified}, digested = ${budget.digested}, held_back = ${budget.heldBack}
    WHERE user_id = ${userId} AND day = ${day}::date`;
}
