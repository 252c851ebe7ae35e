import { describe, expect, it } from "vitest";
import { isRegistered, metricNamesOf, parseAlertRules, registeredNamesOf } from "./alert-rules.js";

describe("alert rule parser (the fallback when promtool is not there)", () => {
  it("reads one-line and block-scalar expressions with their alert names", () => {
    const rules = parseAlertRules(
      "x.rules.yml",
      [
        "groups:",
        "  - name: g",
        "    rules:",
        "      - alert: One",
        '        expr: "max(a_total) > 1"',
        "        for: 1m",
        "      - alert: Two",
        "        expr: |",
        "          sum by (code) (",
        "            increase(b_total[5m]))",
        "          > 0",
        "        labels:",
        "          severity: page",
      ].join("\n"),
    );
    expect(rules).toEqual([
      { file: "x.rules.yml", alert: "One", expr: "max(a_total) > 1" },
      { file: "x.rules.yml", alert: "Two", expr: "sum by (code) ( increase(b_total[5m])) > 0" },
    ]);
  });

  it("finds the selected metric names, not functions, labels, ranges, keywords or numbers", () => {
    expect(
      metricNamesOf(
        'sum by (group, topic) (rate(x_total{result="failed", code=~"A|B"}[5m])) / on(group) y_seconds_count > 1e3 and z',
      ).sort(),
    ).toEqual(["x_total", "y_seconds_count", "z"]);
  });

  it("accepts a histogram's series by its family name and refuses an unknown name", () => {
    const registered = registeredNamesOf('# HELP h_ms time\n# TYPE h_ms histogram\nh_ms_bucket{le="1"} 0\n');
    expect(isRegistered("h_ms_bucket", registered)).toBe(true);
    expect(isRegistered("h_ms", registered)).toBe(true);
    expect(isRegistered("h_msx_total", registered)).toBe(false);
  });
});
