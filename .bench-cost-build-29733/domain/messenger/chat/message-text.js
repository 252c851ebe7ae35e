import { messengerErrors } from "../messenger.errors.js";
const MESSAGE_MAX_LENGTH = 4e3;
const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;
const DELETE = 127;
function withoutControlCharacters(text) {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (code < SPACE && code !== TAB && code !== NEWLINE || code === DELETE) continue;
    out += ch;
  }
  return out;
}
function normaliseMessageText(text) {
  if (text.length > MESSAGE_MAX_LENGTH * 4)
    throw messengerErrors.messageTooLong(MESSAGE_MAX_LENGTH, text.length);
  const clean = withoutControlCharacters(text).trim();
  if (clean.length === 0) throw messengerErrors.messageEmpty();
  const length = [...clean].length;
  if (length > MESSAGE_MAX_LENGTH) throw messengerErrors.messageTooLong(MESSAGE_MAX_LENGTH, length);
  return clean;
}
export {
  MESSAGE_MAX_LENGTH,
  normaliseMessageText
};
//# sourceMappingURL=message-text.js.map
