import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type RewardsMode = "ok" | "down" | "slow" | "garbage";

/**
 * A local stand-in for the rewards internal API (outside our system, so the one thing tests fake):
 * answers `{ commission }` per layout id, or fails the way a real dependency fails.
 */
export async function startFakeRewards(): Promise<{
  url: string;
  mode: RewardsMode;
  commission: string | null;
  requests: Array<Record<string, unknown>>;
  close(): Promise<void>;
}> {
  const state = {
    mode: "ok" as RewardsMode,
    commission: "150000.00" as string | null,
    requests: [] as Array<Record<string, unknown>>,
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      state.requests.push({ path: req.url, ...(JSON.parse(body || "{}") as Record<string, unknown>) });
      switch (state.mode) {
        case "down":
          res.writeHead(503).end();
          return;
        case "slow":
          setTimeout(
            () => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
            2_000,
          ).unref();
          return;
        case "garbage":
          res.writeHead(200, { "content-type": "application/json" }).end('{"commission": 12}');
          return;
        default:
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ commission: state.commission }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
