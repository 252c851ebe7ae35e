import net from "node:net";
import { Producer } from "@platformatic/kafka";
import { afterEach, describe, expect, it } from "vitest";
import { routeConnections } from "./route-connections.js";

describe("routeConnections (@platformatic/kafka has no socket factory)", () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it("sends the client's connections to the mapped address, not the broker's own", async () => {
    const seen: string[] = [];
    const server = net.createServer((socket) => {
      seen.push("connection");
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const address = server.address();
    if (!address || typeof address !== "object") throw new Error("no address");
    const asked: string[] = [];

    // A broker that cannot be reached: without the route nothing would ever reach the server.
    const producer = new Producer({
      clientId: "route-test",
      bootstrapBrokers: ["broker.invalid:9"],
      retries: 0,
      timeout: 2_000,
    });
    closers.push(() => producer.close(true).catch(() => {}));
    routeConnections(producer, (broker) => {
      asked.push(`${broker.host}:${broker.port}`);
      return { host: "127.0.0.1", port: address.port };
    });

    await expect(producer.metadata({ topics: [] })).rejects.toThrow();
    expect(asked).toContain("broker.invalid:9");
    expect(seen.length).toBeGreaterThan(0);
  });

  it("refuses a client without a connection pool (the library's internals changed)", () => {
    expect(() => routeConnections({}, (broker) => broker)).toThrow(/no ConnectionPool/);
  });
});
