/**
 * Exact decimal arithmetic for money and areas (payloads carry decimal strings). Values are held
 * as integers of hundredths (bigint), so PricePerMeter is exact and rounds like PostgreSQL's
 * round(numeric, 2): half away from zero (decision 0080).
 */
import { TYPE_NAME } from "./card-vocabulary.js";

/** Up to 28 decimals: the scale of a .NET `decimal` (what a producer may write as a JSON number). */
const DECIMAL = /^(-?)(\d{1,15})(?:\.(\d{1,28}))?$/;

/**
 * "12500000.5" → 1250000050n (hundredths); more than 2 decimals rounds half away from zero, on
 * the digits (no binary floating point): the third decimal decides, whatever follows it.
 */
export function toHundredths(value: string): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const cents = BigInt(whole as string) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  const hundredths = fraction.length > 2 && fraction.charCodeAt(2) - 48 >= 5 ? cents + 1n : cents;
  return sign === "-" ? -hundredths : hundredths;
}

/** 1250000050n → "12500000.50". */
export function fromHundredths(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** round(price / area, 2), half away from zero; area must be > 0. Both in hundredths. */
export function pricePerMeterHundredths(price: bigint, area: bigint): bigint {
  if (area <= 0n) throw new RangeError("area must be positive");
  // price/area in hundredths = price * 100 / area; round half away from zero.
  const numerator = price * 100n;
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + area) / (2n * area);
  return negative ? -rounded : rounded;
}

export function pricePerMeter(price: string, area: string): string {
  const p = toHundredths(price);
  const a = toHundredths(area);
  if (p === null || a === null) throw new RangeError(`not decimals: ${price} / ${area}`);
  return fromHundredths(pricePerMeterHundredths(p, a));
}

/** A money/area string normalised to 2 decimals ("42.5" → "42.50"). */
export function normaliseDecimal(value: string): string {
  const h = toHundredths(value);
  if (h === null) throw new RangeError(`not a decimal: ${value}`);
  return fromHundredths(h);
}

/**
 * SourceSnapshot.Title. Rooms > 0: the spec's rule literally, whatever the type —
 * «{Rooms}-комн. {toLower(TypeName)}, {TotalArea} м²» («1-комн. коммерция, 85.00 м²»). Rooms = 0:
 * a dwelling is «Студия, 25.40 м²» (the spec's rule); a parking lot or commercial premises is
 * named by its type, «Паркинг, 13.25 м²» (the spec is silent there; decisions 0082, 0310).
 * Area in the invariant culture with 2 decimals.
 */
export function generateTitle(rooms: number, typeName: string, totalArea: string): string {
  const area = `${normaliseDecimal(totalArea)} м²`;
  if (rooms > 0) return `${rooms}-комн. ${typeName.toLowerCase()}, ${area}`;
  if (typeName === TYPE_NAME.parking || typeName === TYPE_NAME.commercial) return `${typeName}, ${area}`;
  return `Студия, ${area}`;
}

/**
 * Delivery date = the last day of the quarter (month = quarter·3). A year without a quarter is
 * the year's end (decision 0083); a quarter without a year, or nothing, is null.
 */
export function deliveryDate(year: number | null, quarter: number | null): string | null {
  if (year === null) return null;
  const q = quarter ?? 4;
  const month = q * 3; // 1-based last month of the quarter
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(lastDay).padStart(2, "0")}`;
}
