import { describe, expect, it } from "vitest";
import { field as f, opt, readerContract, req } from "../../../contracts/reader-contract.js";
import { canonicalDecimal, parseLossless, quoteDecimalNumbers } from "./lossless-json.js";
import { createReaderGate } from "./reader-gate.js";

const ID = "6f1c1f0e-0000-4000-8000-000000000001";
const contract = readerContract("pin.test.reader.v1", "test", {
  Id: req(f.uuid()),
  Price: req(f.decimal()),
  Area: opt(f.decimal()),
  Rooms: req(f.integer()),
  Kind: req(f.enumOf(["A", "B"] as const)),
  Phase: opt(f.oneOf(["Reserve", "Booking"] as const)),
  Snapshot: opt(f.object({ IsoCode: opt(f.string()), Rate: opt(f.decimal()) })),
  Views: opt(f.array(f.enumOf(["Sea"] as const))),
});
const gate = createReaderGate(contract);
const ok = (text: string) => {
  const out = gate.read(text);
  if (!out.ok) throw new Error(JSON.stringify(out.violations));
  return out.payload as Record<string, unknown>;
};

describe("reader gate (decision 0300)", () => {
  it("a decimal written as a JSON number keeps its exact digits (no binary floating point on the way)", () => {
    const p = ok(`{"Id":"${ID}","Price":12450000.10,"Area":0.30000000000000000001,"Rooms":2,"Kind":"A"}`);
    expect(p.Price).toBe("12450000.10");
    expect(p.Area).toBe("0.30000000000000000001");
    expect(p.Rooms).toBe(2);
  });

  it("a decimal as a string, in exponent form, or nested is read exactly and spelt canonically", () => {
    const p = ok(
      `{"Id":"${ID}","Price":"1.2450000E7","Rooms":0,"Kind":"A","Snapshot":{"IsoCode":"RUB","Rate":1e-2}}`,
    );
    expect(p.Price).toBe("12450000");
    expect(p.Snapshot).toEqual({ IsoCode: "RUB", Rate: "0.01" });
  });

  it("absent optional fields are null; unknown extra fields are kept but ignored", () => {
    const p = ok(`{"Id":"${ID}","Price":1,"Rooms":1,"Kind":"A","Extra":{"Price":5},"More":[1,2]}`);
    expect(p).toMatchObject({ Area: null, Phase: null, Snapshot: null, Views: null });
  });

  it("an open enum accepts any string; a closed one refuses an unknown value as malformed", () => {
    expect(ok(`{"Id":"${ID}","Price":1,"Rooms":1,"Kind":"Zeta","Views":["Volcano"]}`).Kind).toBe("Zeta");
    const out = gate.read(`{"Id":"${ID}","Price":1,"Rooms":1,"Kind":"A","Phase":"Later"}`);
    expect(out).toMatchObject({ ok: false, violations: [{ kind: "malformed", field: "Phase" }] });
  });

  it("a required field absent or null is `missing`; a wrong type or format is `malformed`", () => {
    expect(gate.read(`{"Price":1,"Rooms":1,"Kind":"A"}`)).toMatchObject({
      ok: false,
      violations: [{ kind: "missing", field: "Id" }],
    });
    expect(gate.read(`{"Id":"${ID}","Price":null,"Rooms":1,"Kind":"A"}`)).toMatchObject({
      ok: false,
      violations: [{ kind: "missing", field: "Price" }],
    });
    expect(gate.read(`{"Id":"nope","Price":"1,5","Rooms":1.5,"Kind":"A"}`)).toMatchObject({
      ok: false,
      violations: [
        { kind: "malformed", field: "Id" },
        { kind: "malformed", field: "Price" },
        { kind: "malformed", field: "Rooms" },
      ],
    });
    expect(gate.read("not json")).toMatchObject({ ok: false, violations: [{ kind: "malformed" }] });
  });

  it("a decimal key spelt with \\u escapes (invisible to the pre-scan) is still read losslessly", () => {
    const p = ok(`{"Id":"${ID}","Pr\\u0069ce":0.1000000000000000055511151231257827,"Rooms":1,"Kind":"A"}`);
    expect(p.Price).toBe("0.1000000000000000055511151231257827");
  });

  it("an out-of-bounds decimal (a huge exponent) is malformed, not expanded", () => {
    expect(gate.read(`{"Id":"${ID}","Price":1e999999,"Rooms":1,"Kind":"A"}`)).toMatchObject({
      ok: false,
      violations: [{ kind: "malformed", field: "Price" }],
    });
  });
});

describe("lossless JSON helpers", () => {
  it("the pre-scan quotes numbers of the named keys only, never string contents", () => {
    const text = `{"Price": -12.50 ,"Note":"\\"Price\\": 7","Rooms":3,"A":{"Price":1e3}}`;
    const out = quoteDecimalNumbers(text, ["Price"]);
    expect(JSON.parse(out)).toEqual({ Price: "-12.50", Note: '"Price": 7', Rooms: 3, A: { Price: "1e3" } });
    expect(quoteDecimalNumbers(`{"Price":"1.00"}`, ["Price"])).toBe(`{"Price":"1.00"}`);
  });

  it("parseLossless equals JSON.parse except for the decimal keys' numbers", () => {
    const text = `{"a":[1,2.5,{"b":null}],"s":"x\\ny\\u00e9","t":true,"f":false,"Price":0.10}`;
    expect(parseLossless(text, new Set(["Price"]))).toEqual({ ...JSON.parse(text), Price: "0.10" });
    expect(() => parseLossless(`{"a":}`, new Set())).toThrow(SyntaxError);
    expect(() => parseLossless(`{"a":1} x`, new Set())).toThrow(SyntaxError);
  });

  it("canonicalDecimal: one spelling per value, null outside bounds", () => {
    expect(canonicalDecimal("12450000.10")).toBe("12450000.10");
    expect(canonicalDecimal("1.5E3")).toBe("1500");
    expect(canonicalDecimal("15e-3")).toBe("0.015");
    expect(canonicalDecimal("-0.5e1")).toBe("-5");
    expect(canonicalDecimal("007")).toBe("7");
    expect(canonicalDecimal("1e41")).toBeNull();
    expect(canonicalDecimal("abc")).toBeNull();
    expect(canonicalDecimal("1".repeat(41))).toBeNull();
  });
});
