import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { demoAsset, demoAssetCacheSize } from "./demo-pages.js";
import { operationSpanShape, SPAN_OPERATION_NAME_MAX } from "./operation-span.js";

describe("what a client's strings may grow (issue #42 items 4 and 6)", () => {
  it("the demo-page cache holds one entry per asset whatever slashes the path ends with", () => {
    for (let i = 1; i <= 300; i++) expect(demoAsset(`/demo/chessboard${"/".repeat(i)}`)).toBeDefined();
    expect(demoAsset("/demo/funnel")).toBeDefined();
    expect(demoAssetCacheSize()).toBe(2);
    expect(demoAsset("/demo/constructor")).toBeUndefined();
    expect(demoAsset("/demo/toString")).toBeUndefined();
  });

  it("a span is named after a known operation or `other`, never the client's long name", () => {
    const long = `Q${"x".repeat(31_000)}`;
    const shape = operationSpanShape(new Set(["Lots"]), parse(`query ${long} { viewer { userId } }`), long);
    expect(shape.name).toBe("query other");
    expect(String(shape.attributes["graphql.operation.name"]).length).toBe(SPAN_OPERATION_NAME_MAX);
    const names = new Set(
      Array.from(
        { length: 300 },
        (_, i) => operationSpanShape(new Set(), parse(`query N${i} { viewer { userId } }`), null).name,
      ),
    );
    expect([...names]).toEqual(["query other"]);
    expect(
      operationSpanShape(new Set(["Lots"]), parse("query Lots { viewer { userId } }"), "Lots").name,
    ).toBe("query Lots");
    expect(
      operationSpanShape(new Set(), parse("mutation { a: viewer { userId } b: viewer { userId } }"), null)
        .name,
    ).toBe("mutation viewer");
  });
});
