import { messengerErrors } from "../messenger.errors.js";

export const MESSAGE_MAX_LENGTH = 4_000;
const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;
const DELETE = 127;

/** Control characters other than tab and newline have no place in chat text. */
function withoutControlCharacters(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code < SPACE && code !== TAB && code !== NEWLINE) || code === DELETE) continue;
    out += ch;
  }
  return out;
}

/** Trims, drops control characters, refuses empty or over-long text (counted in code points). */
export function normaliseMessageText(text: string): string {
  // Refuse absurd input before walking it (the GraphQL request limit bounds it anyway).
  if (text.length > MESSAGE_MAX_LENGTH * 4)
    throw messengerErrors.messageTooLong(MESSAGE_MAX_LENGTH, text.length);
  const clean = withoutControlCharacters(text).trim();
  if (clean.length === 0) throw messengerErrors.messageEmpty();
  const length = [...clean].length;
  if (length > MESSAGE_MAX_LENGTH) throw messengerErrors.messageTooLong(MESSAGE_MAX_LENGTH, length);
  return clean;
}
