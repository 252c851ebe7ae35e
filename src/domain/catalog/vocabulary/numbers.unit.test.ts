import { describe, expect, it } from "vitest";
import { deliveryDate, fromHundredths, generateTitle, pricePerMeter, toHundredths } from "./numbers.js";

describe("decimal helpers", () => {
  it("parses and prints hundredths exactly", () => {
    expect(toHundredths("12500000.5")).toBe(1250000050n);
    expect(toHundredths("0")).toBe(0n);
    expect(toHundredths("-1.005")).toBe(-101n);
    expect(toHundredths("1e5")).toBeNull();
    expect(fromHundredths(1250000050n)).toBe("12500000.50");
    expect(fromHundredths(-5n)).toBe("-0.05");
  });
});

describe("PricePerMeter = round(Price / AreaTotal, 2)", () => {
  it("divides exactly", () => {
    expect(pricePerMeter("10000000.00", "50.00")).toBe("200000.00");
  });
  it("rounds the midpoint half away from zero (decision 0080), like PostgreSQL round(numeric)", () => {
    // 0.125 per metre → 0.13 (banker's rounding would give 0.12)
    expect(pricePerMeter("1.00", "8.00")).toBe("0.13");
    // 0.115 → 0.12 (banker's would also give 0.12); 0.105 → 0.11 (banker's 0.10)
    expect(pricePerMeter("0.23", "2.00")).toBe("0.12");
    expect(pricePerMeter("0.21", "2.00")).toBe("0.11");
  });
  it("rounds below the midpoint down", () => {
    expect(pricePerMeter("10000000.00", "54.10")).toBe("184842.88");
  });
  it("refuses a zero area", () => {
    expect(() => pricePerMeter("1.00", "0")).toThrow(RangeError);
  });
});

describe("generated Title", () => {
  it("a dwelling with rooms: «N-комн. тип, S м²» with the area in 2 decimals", () => {
    expect(generateTitle(2, "Квартира", "54.1")).toBe("2-комн. квартира, 54.10 м²");
    expect(generateTitle(1, "Апартамент", "33.00")).toBe("1-комн. апартамент, 33.00 м²");
  });
  it("Rooms = 0 is a studio whatever the dwelling type", () => {
    expect(generateTitle(0, "Квартира", "25.40")).toBe("Студия, 25.40 м²");
    expect(generateTitle(0, "Апартамент", "21")).toBe("Студия, 21.00 м²");
  });
  it("Rooms > 0 follows the spec's rule literally for every type: «1-комн. коммерция, 85.00 м²» (decision 0310)", () => {
    expect(generateTitle(1, "Коммерция", "85")).toBe("1-комн. коммерция, 85.00 м²");
    expect(generateTitle(3, "Коммерция", "80")).toBe("3-комн. коммерция, 80.00 м²");
    expect(generateTitle(1, "Паркинг", "13.25")).toBe("1-комн. паркинг, 13.25 м²");
  });
  it("Rooms = 0 of parking or commercial premises is named by its type, not «Студия» (decisions 0082, 0310)", () => {
    expect(generateTitle(0, "Паркинг", "13.25")).toBe("Паркинг, 13.25 м²");
    expect(generateTitle(0, "Коммерция", "80")).toBe("Коммерция, 80.00 м²");
  });
});

describe("delivery date = last day of the quarter", () => {
  it("each quarter ends on its last day", () => {
    expect(deliveryDate(2027, 1)).toBe("2027-03-31");
    expect(deliveryDate(2027, 2)).toBe("2027-06-30");
    expect(deliveryDate(2027, 3)).toBe("2027-09-30");
    expect(deliveryDate(2027, 4)).toBe("2027-12-31");
  });
  it("a leap year does not matter for quarter ends", () => {
    expect(deliveryDate(2028, 1)).toBe("2028-03-31");
  });
  it("a year without a quarter is the end of the year (decision 0083); no year → null", () => {
    expect(deliveryDate(2027, null)).toBe("2027-12-31");
    expect(deliveryDate(null, 2)).toBeNull();
    expect(deliveryDate(null, null)).toBeNull();
  });
});
