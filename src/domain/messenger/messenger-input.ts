import { isUuid, parseSequentialId } from "../../platform/validation/ids.js";
import { messengerErrors } from "./messenger.errors.js";

export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;
export const UNREAD_DEAL_IDS_MAX = 100;

/** Client input of the messenger API, checked before it reaches SQL. */
export function dealIdOf(value: string): string {
  if (!isUuid(value)) throw messengerErrors.invalidId("dealId", value);
  return value.toLowerCase();
}

export function messageIdOf(value: string, what = "messageId"): bigint {
  const id = parseSequentialId(value);
  if (id === null) throw messengerErrors.invalidId(what, value);
  return id;
}

export function chatPageSize(last: number | null | undefined): number {
  const size = last ?? CHAT_PAGE_DEFAULT;
  if (!Number.isInteger(size) || size < 1 || size > CHAT_PAGE_MAX)
    throw messengerErrors.invalidPage(CHAT_PAGE_MAX);
  return size;
}
