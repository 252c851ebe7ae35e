import WebSocket from "ws";

/**
 * Raw `ws` clients for the fan-out benchmark. Both sides of the comparison use the same client
 * code (a bare socket counting messages), so the ratio measures the servers, not the clients.
 */
export interface CountingClient {
  readonly socket: WebSocket;
  received: number;
}

export function openSocket(url: string, protocol?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = protocol ? new WebSocket(url, protocol) : new WebSocket(url);
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** A graphql-ws protocol client by hand: connection_init → ack → subscribe → count `next` messages. */
export async function openGraphqlWsSubscriber(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<CountingClient> {
  const socket = await openSocket(url, "graphql-transport-ws");
  const client: CountingClient = { socket, received: 0 };
  await new Promise<void>((resolve, reject) => {
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as { type: string };
      if (message.type === "connection_ack") {
        socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query, variables } }));
      } else if (message.type === "next") {
        client.received += 1;
        if (client.received === 1) resolve(); // the snapshot
      } else if (message.type === "error") {
        reject(new Error(String(raw)));
      }
    });
    socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }));
  });
  return client;
}

export async function openBareSubscriber(url: string): Promise<CountingClient> {
  const socket = await openSocket(url);
  const client: CountingClient = { socket, received: 0 };
  // Same client work as the graphql-ws side: parse and look at the type of every message.
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as { type: string };
    if (message.type === "next") client.received += 1;
  });
  return client;
}

/** Resolves when every client has received `count` messages. */
export async function allReceived(clients: readonly CountingClient[], count: number): Promise<void> {
  while (clients.some((c) => c.received < count)) await new Promise((resolve) => setImmediate(resolve));
}

export function closeAll(clients: readonly CountingClient[]): void {
  for (const c of clients) c.socket.terminate();
}
