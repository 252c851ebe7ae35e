import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeWithService, kafkaBrokers } from "../../support/services.js";

/**
 * `npm test`'s setup runs scripts/infra/up.sh in every clone. A second clone (its own, empty
 * .infra/) must reuse the broker another checkout runs on the fixed port, never start a second one
 * on it, and its infra:down must leave that broker alone.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const FIXED_BROKER = "127.0.0.1:19092";

describeWithService("kafka", "infra scripts in a second clone", () => {
  const clone = mkdtempSync(path.join(tmpdir(), "pin-clone-"));
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it("up.sh in a second clone reuses the broker already answering on 19092 and its infra:down leaves it running", (ctx) => {
    if (kafkaBrokers().join(",") !== FIXED_BROKER) ctx.skip(`the broker under test is not ${FIXED_BROKER}`);
    cpSync(path.join(ROOT, "scripts/infra"), path.join(clone, "scripts/infra"), { recursive: true });
    cpSync(path.join(ROOT, "infra"), path.join(clone, "infra"), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"));

    const up = spawnSync("bash", [path.join(clone, "scripts/infra/up.sh"), "kafka"], { encoding: "utf8" });
    expect(up.status, up.stderr).toBe(0);
    expect(up.stderr).toContain("kafka: a broker already answers at 127.0.0.1:19092");
    expect(up.stderr).toContain("install kafka: skipped (already answers)");
    expect(existsSync(path.join(clone, ".infra/kafka/kafka.pid"))).toBe(false);
    expect(readFileSync(path.join(clone, ".infra/services.env"), "utf8")).toContain(
      `TEST_KAFKA_BROKERS=${FIXED_BROKER}`,
    );

    const down = spawnSync("bash", [path.join(clone, "scripts/infra/down.sh"), "kafka"], {
      encoding: "utf8",
    });
    expect(down.status, down.stderr).toBe(0);
    expect(down.stderr).toContain("kafka: left running");
    const status = spawnSync("bash", [path.join(ROOT, "scripts/infra/kafka.sh"), "status"], {
      encoding: "utf8",
    });
    expect(status.stdout).toMatch(/kafka: up/);
  });
});
