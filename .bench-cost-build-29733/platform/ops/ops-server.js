import { createServer } from "node:http";
async function serveMetrics(registry, res) {
  res.writeHead(200, { "content-type": registry.contentType });
  res.end(await registry.metrics());
}
const OPS_HEADERS_TIMEOUT_MS = 5e3;
const OPS_REQUEST_TIMEOUT_MS = 1e4;
function createOpsServer(options) {
  const server = createServer((req, res) => {
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
    answer().catch((error) => {
      options.log.error({ err: error, path }, "operations endpoint failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.headersTimeout = OPS_HEADERS_TIMEOUT_MS;
  server.requestTimeout = OPS_REQUEST_TIMEOUT_MS;
  return {
    start: () => new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host, () => {
        const { port } = server.address();
        resolve(`http://${hostForUrl(options.host)}:${port}`);
      });
    }),
    async stop() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    }
  };
}
function hostForUrl(host) {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
export {
  createOpsServer,
  serveMetrics
};
//# sourceMappingURL=ops-server.js.map
