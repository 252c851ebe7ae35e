import { invalid } from "../chessboard.errors.js";

export const ROOMS_MAX = 20;
export const FLOOR_MIN = -5;
export const NUMBER_MAX_LENGTH = 32;
export const NAME_MAX_LENGTH = 256;
export const QUARTERS = 4;
export const PERCENT_MAX = 100;
const DECIMAL = /^\d+(\.\d{1,2})?$/;

export function requireName(value: string, field: string): string {
  const name = value.trim();
  if (name.length === 0 || name.length > NAME_MAX_LENGTH)
    throw invalid(`${field} must be 1..${NAME_MAX_LENGTH} characters`, { field });
  return name;
}

/** A non-negative decimal with at most 2 fraction digits (money, m²). */
export function requireDecimal(value: string, field: string, { positive }: { positive: boolean }): string {
  if (!DECIMAL.test(value))
    throw invalid(`${field} must be a decimal such as "12500000.00"`, { field, value });
  if (positive && Number(value) <= 0) throw invalid(`${field} must be greater than 0`, { field, value });
  return value;
}

export function requireRange(
  value: number | null | undefined,
  field: string,
  min: number,
  max: number,
): void {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalid(`${field} must be ${min}..${max}`, { field, value });
}

export interface PropertyObjectShape {
  readonly number: string;
  readonly floor: number;
  readonly section: number | null;
  readonly rooms: number;
  readonly totalArea: string;
  readonly livingArea: string | null;
  readonly price: string;
}

/** Passport rules of a property object within its building (the catalog's checks, enforced at the source). */
export function validatePropertyObject(
  input: PropertyObjectShape,
  building: { floorsTotal: number; sectionsCount: number },
) {
  const number = input.number.trim();
  if (number.length === 0 || number.length > NUMBER_MAX_LENGTH)
    throw invalid(`number must be 1..${NUMBER_MAX_LENGTH} characters`);
  requireRange(input.floor, "floor", FLOOR_MIN, building.floorsTotal);
  requireRange(input.section, "section", 1, building.sectionsCount);
  requireRange(input.rooms, "rooms", 0, ROOMS_MAX);
  requireDecimal(input.totalArea, "totalArea", { positive: true });
  requireDecimal(input.price, "price", { positive: false });
  if (input.livingArea !== null) {
    requireDecimal(input.livingArea, "livingArea", { positive: true });
    if (Number(input.livingArea) > Number(input.totalArea))
      throw invalid("livingArea must not exceed totalArea");
  }
}
