import net from "node:net";

/**
 * A stoppable TCP proxy to one broker. `stop()` closes the listener and destroys every open
 * connection (what a dead broker looks like to a client); `start()` listens again on the same port.
 */
export async function createTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        const addr = s.address();
        if (addr && typeof addr === "object") port = addr.port;
        server = s;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** kafkajs socketFactory: every broker connection goes through the proxy */
    socketFactory: ({ onConnect }: { onConnect: () => void }) => {
      const socket = net.connect({ host: "127.0.0.1", port }, onConnect);
      socket.setKeepAlive(true, 60_000);
      return socket;
    },
    /** @platformatic/kafka (tuning.relayBrokerAddress): every broker's address becomes the proxy's */
    brokerAddress: () => ({ host: "127.0.0.1", port }),
    async stop() {
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      sockets.clear();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: listen,
  };
}
