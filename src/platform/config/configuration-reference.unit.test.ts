import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderConfigurationReference } from "./configuration-reference.js";
import { PRODUCTION_REQUIREMENTS } from "./production-requirements.js";
import { ConfigError, loadSettings, SETTINGS } from "./settings.js";

const STRONG = "prod-secret-0123456789-abcdefghijklmnopq";
/** A production environment that starts: every requirement met. */
const COMPLETE = { NODE_ENV: "production", PIN_JWT_SECRET: STRONG, KAFKA_BROKERS: "kafka:9092" };

describe("the configuration reference (docs/guide/configuration.md)", () => {
  it("is the generated one (run `npm run config:docs`)", () => {
    const committed = readFileSync(new URL("../../../docs/guide/configuration.md", import.meta.url), "utf8");
    expect(committed).toBe(renderConfigurationReference());
  });

  it("lists every variable once", () => {
    const text = renderConfigurationReference();
    for (const env of new Set(Object.values(SETTINGS).map((s) => s.env)))
      expect(text.split("\n").filter((line) => line.startsWith(`| \`${env}\` |`))).toHaveLength(1);
  });

  it("each production requirement it states is enforced: without it the start is refused naming it", () => {
    expect(loadSettings(COMPLETE).nodeEnv).toBe("production");
    for (const env of Object.keys(PRODUCTION_REQUIREMENTS)) {
      const { [env]: _dropped, ...without } = COMPLETE as Record<string, string>;
      expect(() => loadSettings(without), env).toThrow(ConfigError);
      expect(() => loadSettings(without), env).toThrow(new RegExp(`^Invalid setting ${env}: required`));
    }
  });
});
