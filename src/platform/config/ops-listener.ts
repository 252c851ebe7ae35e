import type { Settings } from "./settings.js";

/** The operations listener's port in production when PIN_OPS_PORT is unset (Prometheus' exporter default). */
export const DEFAULT_OPS_PORT = 9464;
export const DEFAULT_OPS_HOST = "127.0.0.1";

export interface OpsListenerChoice {
  readonly port: number;
  readonly host: string;
  /** Set when a deprecated PIN_METRICS_* setting supplied a value: one warning at start names it */
  readonly deprecated: readonly string[];
}

/**
 * Where this process serves /healthz, /readyz and /metrics besides the api port (decision 0549):
 * PIN_OPS_PORT / PIN_OPS_HOST; the deprecated PIN_METRICS_PORT / PIN_METRICS_HOST when those are
 * unset; 9464 by default in production; outside production nothing unless a port is set (tests
 * and `npm start` run several processes on one machine). Pure.
 */
export function opsListenerFor(
  settings: Pick<Settings, "opsPort" | "opsHost" | "metricsPort" | "metricsHost" | "nodeEnv">,
): OpsListenerChoice | null {
  const deprecated: string[] = [];
  let port = settings.opsPort;
  if (port === null && settings.metricsPort !== null) {
    port = settings.metricsPort;
    deprecated.push("PIN_METRICS_PORT");
  }
  let host = settings.opsHost;
  if (host === null && settings.metricsHost !== null) {
    host = settings.metricsHost;
    deprecated.push("PIN_METRICS_HOST");
  }
  if (port === null && settings.nodeEnv === "production") port = DEFAULT_OPS_PORT;
  if (port === null) return null;
  return { port, host: host ?? DEFAULT_OPS_HOST, deprecated };
}
