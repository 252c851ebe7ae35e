import { TYPE_NAME } from "./card-vocabulary.js";
const DECIMAL = /^(-?)(\d{1,15})(?:\.(\d{1,28}))?$/;
function toHundredths(value) {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  const hundredths = fraction.length > 2 && fraction.charCodeAt(2) - 48 >= 5 ? cents + 1n : cents;
  return sign === "-" ? -hundredths : hundredths;
}
function fromHundredths(value) {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}
function pricePerMeterHundredths(price, area) {
  if (area <= 0n) throw new RangeError("area must be positive");
  const numerator = price * 100n;
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + area) / (2n * area);
  return negative ? -rounded : rounded;
}
function pricePerMeter(price, area) {
  const p = toHundredths(price);
  const a = toHundredths(area);
  if (p === null || a === null) throw new RangeError(`not decimals: ${price} / ${area}`);
  return fromHundredths(pricePerMeterHundredths(p, a));
}
function normaliseDecimal(value) {
  const h = toHundredths(value);
  if (h === null) throw new RangeError(`not a decimal: ${value}`);
  return fromHundredths(h);
}
function generateTitle(rooms, typeName, totalArea) {
  const area = `${normaliseDecimal(totalArea)} \u043C\xB2`;
  if (rooms > 0) return `${rooms}-\u043A\u043E\u043C\u043D. ${typeName.toLowerCase()}, ${area}`;
  if (typeName === TYPE_NAME.parking || typeName === TYPE_NAME.commercial) return `${typeName}, ${area}`;
  return `\u0421\u0442\u0443\u0434\u0438\u044F, ${area}`;
}
function deliveryDate(year, quarter) {
  if (year === null) return null;
  const q = quarter ?? 4;
  const month = q * 3;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(lastDay).padStart(2, "0")}`;
}
export {
  deliveryDate,
  fromHundredths,
  generateTitle,
  normaliseDecimal,
  pricePerMeter,
  pricePerMeterHundredths,
  toHundredths
};
//# sourceMappingURL=numbers.js.map
