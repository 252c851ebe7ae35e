import { parseSequentialId } from "../../platform/validation/ids.js";
import { notificationsErrors } from "./notifications.errors.js";
const INBOX_PAGE_DEFAULT = 20;
const INBOX_PAGE_MAX = 100;
const MARK_IDS_MAX = 100;
function notificationIdOf(value, what = "id") {
  const id = parseSequentialId(value);
  if (id === null) throw notificationsErrors.invalidId(what, value);
  return id;
}
function inboxPageSize(first) {
  const size = first ?? INBOX_PAGE_DEFAULT;
  if (!Number.isInteger(size) || size < 1 || size > INBOX_PAGE_MAX)
    throw notificationsErrors.invalidPage(INBOX_PAGE_MAX);
  return size;
}
function markSelection(ids, all) {
  if (all === true && (ids === null || ids === void 0)) return { all: true };
  if (all) throw notificationsErrors.invalidMark("Give either ids or all: true, not both");
  if (!ids || ids.length === 0 || ids.length > MARK_IDS_MAX)
    throw notificationsErrors.invalidMark(`Give 1\u2013${MARK_IDS_MAX} ids, or all: true`);
  return { ids: [...new Set(ids)].map((id) => notificationIdOf(id)) };
}
export {
  INBOX_PAGE_DEFAULT,
  INBOX_PAGE_MAX,
  MARK_IDS_MAX,
  inboxPageSize,
  markSelection,
  notificationIdOf
};
//# sourceMappingURL=notifications-input.js.map
