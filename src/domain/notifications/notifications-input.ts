import { parseSequentialId } from "../../platform/validation/ids.js";
import { notificationsErrors } from "./notifications.errors.js";

export const INBOX_PAGE_DEFAULT = 20;
export const INBOX_PAGE_MAX = 100;
export const MARK_IDS_MAX = 100;

/** Client input of the notifications API, checked before it reaches SQL. */
export function notificationIdOf(value: string, what = "id"): bigint {
  const id = parseSequentialId(value);
  if (id === null) throw notificationsErrors.invalidId(what, value);
  return id;
}

export function inboxPageSize(first: number | null | undefined): number {
  const size = first ?? INBOX_PAGE_DEFAULT;
  if (!Number.isInteger(size) || size < 1 || size > INBOX_PAGE_MAX)
    throw notificationsErrors.invalidPage(INBOX_PAGE_MAX);
  return size;
}

/** ids xor all. */
export function markSelection(
  ids: readonly string[] | null | undefined,
  all: boolean | null | undefined,
): { ids: bigint[] } | { all: true } {
  if (all === true && (ids === null || ids === undefined)) return { all: true };
  if (all) throw notificationsErrors.invalidMark("Give either ids or all: true, not both");
  if (!ids || ids.length === 0 || ids.length > MARK_IDS_MAX)
    throw notificationsErrors.invalidMark(`Give 1–${MARK_IDS_MAX} ids, or all: true`);
  return { ids: [...new Set(ids)].map((id) => notificationIdOf(id)) };
}
