import { messengerErrors } from "../messenger.errors.js";

export const MESSAGE_MAX_LENGTH = 4_000;
// Control characters other than tab and newline have no place in chat text.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Trims, drops control characters, refuses empty or over-long text (counted in code points). */
export function normaliseMessageText(text: string): string {
  const clean = text.replace(CONTROL, "").trim();
  if (clean.length === 0) throw messengerErrors.messageEmpty();
  const length = [...clean].length;
  if (length > MESSAGE_MAX_LENGTH) throw messengerErrors.messageTooLong(MESSAGE_MAX_LENGTH, length);
  return clean;
}
