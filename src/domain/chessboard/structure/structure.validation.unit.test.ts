import { describe, expect, it } from "vitest";
import { validatePropertyObject } from "./structure.validation.js";

const building = { floorsTotal: 9, sectionsCount: 2 };
const ok = {
  number: "101",
  floor: 1,
  section: 1,
  rooms: 2,
  totalArea: "54.30",
  livingArea: "30.00",
  price: "9000000.00",
};

describe("validatePropertyObject", () => {
  it("accepts a valid apartment", () => {
    expect(() => validatePropertyObject(ok, building)).not.toThrow();
  });
  it.each([
    ["floor above the building", { floor: 10 }],
    ["section beyond the building", { section: 3 }],
    ["too many rooms", { rooms: 21 }],
    ["zero area", { totalArea: "0" }],
    ["living area above total", { livingArea: "60.00" }],
    ["negative price", { price: "-1" }],
    ["empty number", { number: " " }],
  ])("refuses %s with CHESSBOARD_INVALID_INPUT", (_name, patch) => {
    expect(() => validatePropertyObject({ ...ok, ...patch }, building)).toThrowError(
      expect.objectContaining({ code: "CHESSBOARD_INVALID_INPUT" }),
    );
  });
});
