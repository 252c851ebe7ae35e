import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { namingViolations } from "../../../src/platform/metrics/metric-naming.js";
import {
  isRegistered,
  metricNamesOf,
  RULES_DIR,
  readAlertRules,
  registeredNamesOf,
} from "../../support/alert-rules.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { familiesOfExposition, isDefaultMetric, PIN_NAMING_POLICY } from "../../support/metric-names.js";

const ROOT = process.cwd();
const promtool = spawnSync("promtool", ["--version"], { encoding: "utf8" });
const hasPromtool = promtool.status === 0;

/** Every quoted metric-like literal in src (families of parts the test app does not run: dev-stats without an analytics engine). */
function literalNamesInSrc(dir = join(ROOT, "src")): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated") for (const n of literalNamesInSrc(path)) names.add(n);
    } else if (/\.ts$/.test(entry.name) && !entry.name.includes(".test.")) {
      const text = readFileSync(path, "utf8");
      for (const m of text.matchAll(/["'`]([a-z][a-z0-9]*(?:_[a-z0-9]+)+)["'`]/g)) names.add(m[1]!);
    }
  }
  return names;
}

describe("Prometheus alert rules (ops/prometheus)", () => {
  let app: TestApp;
  let exposition = "";
  beforeAll(async () => {
    // All three roles on the local log: every consumer, worker and relay registers its families.
    app = await startTestApp();
    exposition = await (await fetch(new URL("/metrics", app.url))).text();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("promtool is installed under CI (scripts/infra/install.sh)", () => {
    if (process.env.CI === "true")
      expect(hasPromtool, "promtool missing: scripts/infra/install.sh installs it").toBe(true);
  });

  it.skipIf(!hasPromtool)("promtool accepts every rule file", () => {
    const files = readdirSync(join(ROOT, RULES_DIR))
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => join(RULES_DIR, f));
    expect(files.length).toBeGreaterThan(0);
    const output = execFileSync("promtool", ["check", "rules", ...files], { cwd: ROOT, encoding: "utf8" });
    expect(output).toContain("SUCCESS");
  });

  it("the alerts the booking saga names exist (stuck hold, consumer lag, outbox backlog, hold mismatch)", () => {
    const alerts = new Map(readAlertRules(ROOT).map((r) => [r.alert, r.expr]));
    expect(alerts.get("ChessboardHoldExpirationReleasing")).toContain(
      "chessboard_property_object_hold_expiration_items_total",
    );
    expect(alerts.get("ChessboardBookingStatusLagHigh")).toMatch(/_lag_seconds\b.*> 300/);
    expect(alerts.get("CrmReplicaLagHigh")).toMatch(/_lag_seconds\b.*> 300/);
    expect(alerts.get("OutboxBacklogHigh")).toMatch(/pin_outbox_backlog\b.*> 1000/);
    expect(alerts.get("ChessboardHoldMismatchRising")).toContain("chessboard_crm_hold_mismatch_total");
    // counts messages: a plain sum, never split by a per-attempt stage (decision 0313)
    expect(alerts.get("ChessboardHoldMismatchRising")).not.toContain("stage");
    expect(alerts.get("ChessboardHoldMismatchDeadLettered")).toContain(
      "chessboard_crm_hold_mismatch_dead_lettered_total",
    );
  });

  it("every alert expression selects metrics the code registers", () => {
    const registered = new Set([...registeredNamesOf(exposition), ...literalNamesInSrc()]);
    // The app's own families are there (the union must not hide a broken scrape).
    expect(registeredNamesOf(exposition).has("pin_consumer_lag_seconds")).toBe(true);
    const unknown: string[] = [];
    for (const rule of readAlertRules(ROOT)) {
      const names = metricNamesOf(rule.expr);
      expect(names.length, `${rule.file} ${rule.alert} selects no metric`).toBeGreaterThan(0);
      for (const name of names)
        if (!isRegistered(name, registered)) unknown.push(`${rule.file} ${rule.alert}: ${name}`);
    }
    expect(unknown).toEqual([]);
  });

  it("every family the running app serves follows the naming rules (decision 0604; the API's own included)", () => {
    const families = familiesOfExposition(exposition).filter((f) => !isDefaultMetric(f.name));
    expect(families.map((f) => f.name)).toContain("pin_graphql_operation_duration_seconds");
    expect(namingViolations(families, PIN_NAMING_POLICY)).toEqual([]);
  });
});
