import { isUuid, parseSequentialId } from "../../platform/validation/ids.js";
import { messengerErrors } from "./messenger.errors.js";
const CHAT_PAGE_DEFAULT = 50;
const CHAT_PAGE_MAX = 100;
const UNREAD_DEAL_IDS_MAX = 100;
function dealIdOf(value) {
  if (!isUuid(value)) throw messengerErrors.invalidId("dealId", value);
  return value.toLowerCase();
}
function messageIdOf(value, what = "messageId") {
  const id = parseSequentialId(value);
  if (id === null) throw messengerErrors.invalidId(what, value);
  return id;
}
function chatPageSize(last) {
  const size = last ?? CHAT_PAGE_DEFAULT;
  if (!Number.isInteger(size) || size < 1 || size > CHAT_PAGE_MAX)
    throw messengerErrors.invalidPage(CHAT_PAGE_MAX);
  return size;
}
export {
  CHAT_PAGE_DEFAULT,
  CHAT_PAGE_MAX,
  UNREAD_DEAL_IDS_MAX,
  chatPageSize,
  dealIdOf,
  messageIdOf
};
//# sourceMappingURL=messenger-input.js.map
