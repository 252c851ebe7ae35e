import { describe, expect, it } from "vitest";
import { DEFAULT_OPS_HOST, DEFAULT_OPS_PORT, opsListenerFor } from "./ops-listener.js";
import { loadSettings } from "./settings.js";

const STRONG = "prod-secret-0123456789-abcdefghijklmnopq";
const production = { NODE_ENV: "production", PIN_JWT_SECRET: STRONG, PIN_EVENT_TRANSPORT: "local" };

describe("the operations listener (PIN_OPS_PORT / PIN_OPS_HOST, decision 0549)", () => {
  it("runs on 9464 at 127.0.0.1 in production by default, and not at all elsewhere unless a port is set", () => {
    expect(opsListenerFor(loadSettings(production))).toEqual({
      port: DEFAULT_OPS_PORT,
      host: DEFAULT_OPS_HOST,
      deprecated: [],
    });
    expect(DEFAULT_OPS_PORT).toBe(9464);
    expect(opsListenerFor(loadSettings({}))).toBeNull();
    expect(opsListenerFor(loadSettings({ NODE_ENV: "test" }))).toBeNull();
    expect(opsListenerFor(loadSettings({ PIN_OPS_PORT: "0" }))).toEqual({
      port: 0,
      host: "127.0.0.1",
      deprecated: [],
    });
    expect(
      opsListenerFor(loadSettings({ ...production, PIN_OPS_PORT: "9100", PIN_OPS_HOST: "0.0.0.0" })),
    ).toEqual({ port: 9100, host: "0.0.0.0", deprecated: [] });
  });

  it("reads the deprecated PIN_METRICS_PORT / PIN_METRICS_HOST only when the new ones are unset, and says so", () => {
    expect(opsListenerFor(loadSettings({ PIN_METRICS_PORT: "9200", PIN_METRICS_HOST: "0.0.0.0" }))).toEqual({
      port: 9200,
      host: "0.0.0.0",
      deprecated: ["PIN_METRICS_PORT", "PIN_METRICS_HOST"],
    });
    expect(
      opsListenerFor(loadSettings({ PIN_OPS_PORT: "9300", PIN_METRICS_PORT: "9200", PIN_OPS_HOST: "::1" })),
    ).toEqual({ port: 9300, host: "::1", deprecated: [] });
  });
});
