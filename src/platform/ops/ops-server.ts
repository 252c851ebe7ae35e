import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../log/logger.js";
import type { Registry } from "../metrics/registry.js";
import type { ReadinessAnswer } from "./readiness.js";

/** The Prometheus exposition of `registry`. */
export async function serveMetrics(registry: Registry, res: ServerResponse): Promise<void> {
  res.writeHead(200, { "content-type": registry.contentType });
  res.end(await registry.metrics());
}

export interface OpsServerOptions {
  readonly metrics: Registry;
  readonly log: Logger;
  readonly readiness: () => Promise<ReadinessAnswer>;
  readonly port: number;
  readonly host: string;
}

export interface OpsServer {
  /** Listens; resolves with the base URL (http://host:port) */
  start(): Promise<string>;
  stop(): Promise<void>;
}

/** Slow clients of the operations port: headers and whole requests in bounded time. */
const OPS_HEADERS_TIMEOUT_MS = 5_000;
const OPS_REQUEST_TIMEOUT_MS = 10_000;

/**
 * The operations listener every role serves (issue #40 item 2, PIN_OPS_PORT): /healthz (the
 * process's event loop answers), /readyz (the roles' checks, JSON, 503 naming what is missing),
 * /metrics. GET only; anything else is 404. Nothing on it is public API.
 */
export function createOpsServer(options: OpsServerOptions): OpsServer {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const answer = async () => {
      if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405).end();
      if (path === "/healthz") return json(res, 200, { status: "ok" });
      if (path === "/readyz") {
        const ready = await options.readiness();
        return json(res, ready.httpStatus, ready.body);
      }
      if (path === "/metrics") return serveMetrics(options.metrics, res);
      res.writeHead(404).end();
    };
    answer().catch((error: unknown) => {
      options.log.error({ err: error, path }, "operations endpoint failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.headersTimeout = OPS_HEADERS_TIMEOUT_MS;
  server.requestTimeout = OPS_REQUEST_TIMEOUT_MS;
  return {
    start: () =>
      new Promise<string>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port, options.host, () => {
          const { port } = server.address() as AddressInfo;
          resolve(`http://${hostForUrl(options.host)}:${port}`);
        });
      }),
    async stop() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An IPv6 literal is bracketed in a URL; 0.0.0.0 and :: are reached on the loopback. */
function hostForUrl(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
